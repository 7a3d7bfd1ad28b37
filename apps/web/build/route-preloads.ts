// A build step (Vite plugin) that writes .vite/route-preloads.json: for every route of the route
// table, the built files its screens need (the feature's chunk, the chunks it imports statically, its
// styles, what a signed-in player's page needs at start-up) and whether they use the flow messages. The server (apps/server/src/http/boot-data.ts)
// names them in index.html as preloads, so a page's screens load beside the entry script instead of
// after it ran (issue 14). The table is read from the route table itself: one source for both.
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { FLOW_MESSAGE_FEATURES, ROUTES } from '../src/lib/router/route-table.ts';

export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

export interface RoutePreload {
  /** The route's path pattern (`/playtests/:code`). */
  path: string;
  /** Scripts: the feature's chunk first, then what it imports statically. */
  scripts: string[];
  styles: string[];
  /** The screens use locales/<tag>/flows.json (the server adds the page's locale's). */
  flowMessages: boolean;
}

interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

export function routePreloads(webDir: string): Plugin {
  return {
    name: 'portal-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is typeof item & ChunkInfo => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId, c]));
      const entry = chunks.find((chunk) => 'isEntry' in chunk && chunk.isEntry);
      // What the entry loads anyway is already named in index.html.
      const loaded = new Set<string>();
      const walk = (file: string, into: Set<string>) => {
        if (into.has(file)) return;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) walk(imported, into);
      };
      if (entry) walk(entry.fileName, loaded);
      const cssOf = (files: Iterable<string>) =>
        [...files].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
      const loadedCss = new Set(cssOf(loaded));

      // What a signed-in player's page needs at start-up: the call reading the account
      // (app/bootstrap.ts) and the header's account menu. Preloaded on every page a signed-in player
      // may open, not on those that send a signed-in player away (sign-in, sign-up).
      const signedInModules = [
        join(webDir, '..', '..', 'packages', 'contract', 'src', 'calls', 'accounts-me.ts'),
        join(webDir, 'src', 'app', 'shell', 'account-menu.tsx'),
      ];
      const signedInChunks = signedInModules.map((id) => {
        const holder = chunks.find((chunk) => chunk.moduleIds.includes(id));
        if (!holder) this.error(`no chunk holds ${id}`);
        return holder.fileName;
      });

      const routes: RoutePreload[] = [];
      for (const route of ROUTES) {
        const chunk = byModule.get(join(webDir, 'src', 'features', route.screen, 'screens.tsx'));
        if (!chunk) this.error(`no chunk for the screens of ${route.screen} (route ${route.path})`);
        const files = new Set<string>();
        walk(chunk.fileName, files);
        if (!route.meta.redirectWhenLoggedIn) for (const file of signedInChunks) walk(file, files);
        const scripts = [...files].filter((file) => !loaded.has(file));
        const styles = [...new Set(cssOf(files))].filter((file) => !loadedCss.has(file));
        routes.push({ path: route.path, scripts, styles, flowMessages: FLOW_MESSAGE_FEATURES.has(route.screen) });
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(routes, null, 1)}\n` });
    },
  };
}
