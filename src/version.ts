declare const __STUDIO_VERSION__: string;

/** The editor's version, from package.json (defined at build and test time). */
export const VERSION: string = typeof __STUDIO_VERSION__ === 'string' ? __STUDIO_VERSION__ : '0.0.0-dev';
