/** Chromium for browser journeys: CHROMIUM_PATH, else Debian's; undefined when there is none. */
export declare const chromiumPath: () => string | undefined;
