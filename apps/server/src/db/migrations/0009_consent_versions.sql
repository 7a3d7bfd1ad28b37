-- The consented version of each legal document, kept on the account too, so reading an account
-- tells whether it must consent again without another query. The consents table stays the record.
ALTER TABLE accounts ADD COLUMN tos_version integer;
ALTER TABLE accounts ADD COLUMN privacy_policy_version integer;
UPDATE accounts a SET
  tos_version = (SELECT max(version) FROM consents c WHERE c.account_id = a.id AND c.type = 'tos'),
  privacy_policy_version = (SELECT max(version) FROM consents c WHERE c.account_id = a.id AND c.type = 'privacy_policy');
