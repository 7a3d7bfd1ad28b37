-- The name a device gave itself when it started a device code ("Living-room TV"), kept with the
-- sign-in it got (issue 31): two sign-ins of one game on two devices are told apart in the player's
-- list of signed-in devices. Null for every other sign-in.
ALTER TABLE sign_ins ADD COLUMN device_name text;
