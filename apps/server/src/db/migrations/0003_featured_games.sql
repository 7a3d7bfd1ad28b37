-- Games shown on the home page.
ALTER TABLE games ADD COLUMN featured boolean NOT NULL DEFAULT false;
