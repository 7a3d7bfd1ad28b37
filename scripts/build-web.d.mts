// Types of build-web.mjs for the tests that import it.
export declare const STAMP_FILE: string;
export declare const BUILD_INPUTS: string[];
export declare function webSourceHash(root?: string): string;
export declare function isWebBuildCurrent(root?: string, distDir?: string): boolean;
export declare function buildWeb(options?: {
  root?: string;
  distDir?: string;
  force?: boolean;
  log?: (line: string) => void;
}): boolean;
export declare const COMPRESSED_EXTENSIONS: string[];
export declare const COMPRESS_MIN_BYTES: number;
export declare function compressedCopies(bytes: Uint8Array): { br: Buffer; gz: Buffer };
export declare function compressBuild(dir: string): number;
