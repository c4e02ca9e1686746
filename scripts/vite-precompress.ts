import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const COMPRESSIBLE = /\.(js|mjs|css|json|svg|html|txt|wasm)$/;
/** Below this a file fits in one packet either way; the server sends it as it is. */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` and `file.gz` beside every hashed file of the build, at
 * the strongest settings: a file is compressed once here rather than on
 * every request, and the server picks the variant the browser accepts.
 * A variant that would not be smaller is left out.
 */
export function precompressAssets(): Plugin {
  let assetsDir = 'assets';
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      assetsDir = config.build.assetsDir;
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir!;
      const files = Object.keys(bundle).filter((file) => file.startsWith(`${assetsDir}/`) && COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const source = await fs.readFile(path.join(outDir, file));
          if (source.length < MIN_BYTES) return;
          const variants = await Promise.all([
            brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }).then((bytes) => ['.br', bytes] as const),
            gzipped(source, { level: constants.Z_BEST_COMPRESSION }).then((bytes) => ['.gz', bytes] as const),
          ]);
          await Promise.all(variants.filter(([, bytes]) => bytes.length < source.length).map(([extension, bytes]) => fs.writeFile(path.join(outDir, file + extension), bytes)));
        }),
      );
    },
  };
}
