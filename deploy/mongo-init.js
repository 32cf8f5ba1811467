/* global db -- mongosh provides it: this runs inside MongoDB's shell, not Node */
// Runs once, on MongoDB's first start (docker-entrypoint-initdb.d, see docker-compose.yml): the shop's own
// user, allowed to read and write its database and nothing else, so the apps never hold the root password.
db.getSiblingDB('shop').createUser({
  user: 'shop',
  pwd: process.env.MONGO_APP_PASSWORD,
  roles: [{ role: 'readWrite', db: 'shop' }],
});
