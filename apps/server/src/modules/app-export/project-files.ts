import type { AppSnapshot } from '@tessera/agent';
import { EXPORT_APP_DIR, type ExportDataMode } from '@tessera/contracts/app-export';
import { themeCss, type AppStyle, type AppTexts } from '@tessera/contracts/apps';
import { appLoginPath } from '@tessera/contracts/runtime';
import { CLIENT, GITIGNORE, INTEGRATIONS, LOCAL_STORE, LOGIN, MAIN, SHELL, UTILS, VITE_CONFIG } from './template';

/**
 * The versions this repository builds with (root package-lock), so `npm install` in an exported
 * project is served from the same npm cache; project-files.test.ts checks them against node_modules.
 */
export const PINNED = {
  dependencies: { 'lucide-react': '1.75.0', react: '19.3.1', 'react-dom': '19.3.1', 'react-router': '7.18.5' },
  devDependencies: {
    '@tailwindcss/vite': '4.3.5',
    '@vitejs/plugin-react': '6.3.0',
    tailwindcss: '4.3.5',
    vite: '8.3.8',
  },
} as const;

export interface ExportInput {
  snapshot: AppSnapshot;
  appId: string;
  name: string;
  slug: string;
  style: AppStyle;
  texts: AppTexts;
  mode: ExportDataMode;
  /** The builder's origin, whose entity API the project calls in server mode. */
  apiUrl: string;
  /** The app's own address, where its uploaded logo lives. */
  appUrl: string;
  /** Server mode: the app key the project sends. */
  appKey: string | null;
  /** Local mode: the records to seed each entity with. */
  records: Record<string, unknown[]>;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function readme({ name, mode, apiUrl }: ExportInput): string {
  const data =
    mode === 'server'
      ? `It reads and writes its records through Tessera's entity API at ${apiUrl}, with the site key in \`.env\`
(\`VITE_TESSERA_APP_KEY\`). The key ends up in the built files, and it only names the app: visitors, and
end users signed in at \`/login\` with their account on the app, get what the app's access rules allow,
as on Tessera. Revoke the key in Tessera (Export, App keys) when it is no longer needed.`
      : `It keeps its records in the browser (localStorage), seeded from \`src/tessera/seed.json\` the first time.`;
  return `# ${name}

A standalone Vite + React project exported from Tessera.

\`\`\`sh
npm install
npm run dev
\`\`\`

\`npm run build\` writes the static site to \`dist/\`; \`npm run preview\` serves it.

${data}

- \`src/app/\` — the app's pages, components, layout and styles, as Tessera generated them. Zip the project
  and use "Import project" in Tessera's editor to bring edits back as a new version.
- \`entities/\` — the entities as JSON Schema (change them in Tessera's Database panel).
- \`src/tessera/\` — what Tessera's runtime provides: the entity client (\`client.ts\`), \`@/utils\`,
  \`@/integrations/Core\` (not available outside Tessera) and the page shell.
`;
}

/** Every file of the exported project, by path. */
export function projectFiles(input: ExportInput): Record<string, string> {
  const { snapshot, appId, name, slug, style, texts, mode, apiUrl, appUrl, appKey, records } = input;
  const files: Record<string, string> = {
    'package.json': json({
      name: slug,
      private: true,
      version: '0.0.0',
      type: 'module',
      scripts: { dev: 'vite', build: 'vite build', preview: 'vite preview' },
      ...PINNED,
    }),
    'vite.config.js': VITE_CONFIG,
    'index.html': `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>${escapeHtml(texts.header ?? name)}</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.jsx"></script>
  </body>
</html>
`,
    'README.md': readme(input),
    '.gitignore': GITIGNORE,
    'src/main.jsx': MAIN(Object.hasOwn(snapshot.files, 'globals.css') ? './app/globals.css' : './tessera/tailwind.css'),
    'src/tessera/tailwind.css': '@import "tailwindcss";\n',
    'src/tessera/theme.css': `${themeCss(style)}\n`,
    'src/tessera/shell.jsx': SHELL,
    'src/tessera/client.ts': CLIENT,
    'src/tessera/login.jsx': LOGIN,
    'src/tessera/local-store.js': LOCAL_STORE,
    'src/tessera/integrations.js': INTEGRATIONS,
    'src/tessera/utils.js': UTILS,
    'src/tessera/look.js': `export const look = ${JSON.stringify(
      {
        name,
        header: texts.header ?? name,
        description: texts.description ?? '',
        welcomeMessage: texts.welcomeMessage ?? '',
        logoUrl: style.logoUrl ? new URL(style.logoUrl, appUrl).href : null,
      },
      null,
      2,
    )};\n`,
    'src/tessera/config.js': `export const config = ${JSON.stringify(
      { mode, apiUrl, appId, signUpUrl: new URL(appLoginPath(appId), appUrl).href },
      null,
      2,
    ).replace(/\n}$/, ",\n  appKey: import.meta.env.VITE_TESSERA_APP_KEY ?? '',\n}")};\n`,
    'src/tessera/seed.json': json(mode === 'local' ? records : {}),
  };
  if (mode === 'server' && appKey) files['.env'] = `VITE_TESSERA_APP_KEY=${appKey}\n`;
  for (const entityName of ['User', ...Object.keys(snapshot.entities)])
    files[`src/tessera/entities/${entityName}.js`] =
      `import { entity } from '../client';\n\nexport const ${entityName} = entity('${entityName}');\nexport default ${entityName};\n`;
  for (const [entityName, schema] of Object.entries(snapshot.entities))
    files[`entities/${entityName}.json`] = json({ $schema: 'https://json-schema.org/draft/2020-12/schema', ...schema });
  for (const [path, content] of Object.entries(snapshot.files)) files[`${EXPORT_APP_DIR}${path}`] = content;
  return files;
}
