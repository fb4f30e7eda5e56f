-- A seek is a challenge open to anyone in its channel: no one is challenged yet (NULL).
ALTER TABLE challenges ALTER COLUMN challenged DROP NOT NULL;
