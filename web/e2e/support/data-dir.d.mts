export declare const e2eDataDir: (port: string) => string;
