/** Chromium for browser journeys: CHROMIUM_PATH, else Debian's; undefined when there is none. */
export declare const chromiumPath: () => string | undefined;
/** Flags of every headless Chromium the tests and benches start. */
export declare const CHROMIUM_ARGS: string[];
