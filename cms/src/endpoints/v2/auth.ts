import type { Endpoint } from 'payload';

/** SPEC §7 Auth: login, logout, invite check, password reset. */
export const authEndpoints: Endpoint[] = [];
