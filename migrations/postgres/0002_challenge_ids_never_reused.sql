-- Challenge ids are stamped on Accept and Decline buttons: a withdrawn challenge's id is never
-- given to a later one. PostgreSQL's identity never gives an id twice already; the ids go on
-- past 1,000,000 as SQLite's do after this step.
SELECT setval(pg_get_serial_sequence('challenges', 'id'),
              GREATEST((SELECT COALESCE(MAX(id), 0) FROM challenges), 1000000));
