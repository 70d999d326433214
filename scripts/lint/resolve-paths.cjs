/**
 * How dependency-cruiser resolves the apps' `@/` imports (read through its `webpackConfig` option,
 * which takes a resolver's settings). The web and the console each map `@/*` to their own `src/*`;
 * dependency-cruiser's `tsConfig` option reads a single tsconfig, so this hands the resolver
 * tsconfig-paths with both apps' tsconfigs as references: a file resolves `@/` by the app it is in.
 * Everything else (relative paths, the `@xuanli/*` workspaces through their package exports, npm
 * packages) resolves as Node and the bundlers do.
 */
const path = require('node:path');
const { TsconfigPathsPlugin } = require('tsconfig-paths-webpack-plugin');

const root = path.resolve(__dirname, '../..');

module.exports = {
  resolve: {
    plugins: [
      new TsconfigPathsPlugin({
        configFile: path.join(root, 'tsconfig.base.json'),
        references: [path.join(root, 'apps/web/tsconfig.json'), path.join(root, 'apps/admin/tsconfig.json')],
        extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
        silent: true,
      }),
    ],
  },
};
