/**
 * The demo admin a development start creates (never in production). In a file of its own so that the server
 * can print it without loading the seed, which loads sharp for the artwork.
 */
export const DEMO_ADMIN = { email: 'admin@bottega.example', password: 'Bottega2025!' } as const;
