import * as migration_20261122_023359_initial from './20261122_023359_initial';

export const migrations = [
  {
    up: migration_20261122_023359_initial.up,
    down: migration_20261122_023359_initial.down,
    name: '20261122_023359_initial'
  },
];
