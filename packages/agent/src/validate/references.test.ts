import { describe, expect, it } from 'vitest';
import type { AppSnapshot } from '../snapshot';
import { validateSnapshot } from './validate';

const APP_JSON = '{ "name": "Recipes", "mainPage": "Recipes" }\n';

/** A page as a model wrote it: an icon in JSX that was never imported (the commonest slip). */
const RECIPES = `import React, { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { Plus, Search } from "lucide-react";
import { Recipe } from "@/entities/Recipe";
import { createPageUrl } from "@/utils";

export default function Recipes() {
  const [recipes, setRecipes] = useState([]);
  useEffect(() => {
    Recipe.list("title").then(setRecipes);
  }, []);
  if (typeof window === "undefined" || typeof maybeGlobal !== "undefined") return null;
  return (
    <div className="p-6">
      <header className="flex items-center gap-3">
        <ChefHat className="h-8 w-8 text-primary" />
        <h1>Recipes</h1>
      </header>
      <button onClick={() => window.localStorage.clear()}><Plus /> New</button>
      <Search />
      {recipes.map((r) => (
        <Link key={r.id} to={createPageUrl(\`RecipeDetail?id=\${r.id}\`)}>{r.title}</Link>
      ))}
    </div>
  );
}
`;

const DETAIL = `import React from "react";
export default function RecipeDetail() {
  const [recipe, setRecipe] = useState(null);
  return <article>{recipe?.title} {new Date().toLocaleDateString()} {JSON.stringify(navigator.language)}</article>;
}
`;

const snapshot = (files: Record<string, string>): AppSnapshot => ({
  files: { 'app.json': APP_JSON, ...files },
  entities: {
    Recipe: {
      type: 'object',
      properties: { title: { type: 'string' } },
      'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
    },
  },
});

describe('names used without an import or a declaration', () => {
  it('reports a JSX icon and a hook that were never imported, with file and line, and nothing else', async () => {
    const issues = await validateSnapshot(snapshot({ 'pages/Recipes.jsx': RECIPES, 'pages/RecipeDetail.jsx': DETAIL }));
    expect(issues.filter((i) => i.detectorId === 'undeclared-name')).toEqual([
      {
        detectorId: 'undeclared-name',
        severity: 'error',
        file: 'pages/RecipeDetail.jsx',
        line: 3,
        message: 'useState is used but never imported or declared (import { useState } from "react")',
      },
      {
        detectorId: 'undeclared-name',
        severity: 'error',
        file: 'pages/Recipes.jsx',
        line: 16,
        message:
          'ChefHat is used but never imported or declared: import it (an icon from "lucide-react", a component from its file) or define it',
      },
    ]);
  });

  it('knows browser and JavaScript globals, locals, parameters and TypeScript types', async () => {
    const page = `import React, { useState } from "react";
type Row = { id: string };
interface Props { rows: Row[] }
export default function Report({ rows }: Props) {
  const [n] = useState<number>(0);
  const total = rows.reduce((sum: number, r: Row) => sum + Number(r.id), 0);
  const fmt = new Intl.NumberFormat(undefined, { style: "currency", currency: "EUR" });
  useLayout(() => document.title = String(n));
  function useLayout(fn: () => void) { requestAnimationFrame(fn); }
  class Box extends HTMLElement {}
  return <p onClick={(e: React.MouseEvent<HTMLButtonElement>) => e.preventDefault()}>{fmt.format(total)} {Math.max(1, 2)} {Box.name}</p>;
}
`;
    const issues = await validateSnapshot(
      snapshot({
        'pages/Recipes.jsx': 'export default function Recipes() { return null; }\n',
        'pages/Report.tsx': page,
      }),
    );
    expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
  });
});

describe('links to pages that do not exist', () => {
  it('reports createPageUrl with an unknown literal page, with a suggestion; dynamic names are left alone', async () => {
    const contacts = `import React from "react";
import { Link } from "react-router-dom";
import { createPageUrl } from "@/utils";

export default function Recipes({ page }) {
  return (
    <nav>
      <Link to={createPageUrl(\`RecipeDetails?id=\${1}\`)}>One</Link>
      <Link to={createPageUrl("Home")}>Home</Link>
      <Link to={createPageUrl('recipe-detail?id=2')}>Same page, other spelling</Link>
      <Link to={createPageUrl(page)}>Dynamic</Link>
      <Link to={createPageUrl(\`\${page}?x=1\`)}>Dynamic too</Link>
    </nav>
  );
}
`;
    const issues = await validateSnapshot(
      snapshot({
        'pages/Recipes.jsx': contacts,
        'pages/RecipeDetail.jsx': 'export default function RecipeDetail() { return null; }\n',
      }),
    );
    expect(issues.filter((i) => i.detectorId === 'page-link')).toEqual([
      {
        detectorId: 'page-link',
        severity: 'error',
        file: 'pages/Recipes.jsx',
        line: 8,
        message:
          'createPageUrl("RecipeDetails") links to a page that does not exist (pages: RecipeDetail, Recipes); did you mean "RecipeDetail"?',
      },
      {
        detectorId: 'page-link',
        severity: 'error',
        file: 'pages/Recipes.jsx',
        line: 9,
        message: 'createPageUrl("Home") links to a page that does not exist (pages: RecipeDetail, Recipes)',
      },
    ]);
  });
});

describe('imports outside the allowed set', () => {
  it('names the package, the file and the line', async () => {
    const page = `import React, { useState } from "react";
import { format } from "date-fns";
import { Button } from "@/components/ui/button";
import axios from "axios";

export default function Recipes() {
  return <Button>{format(new Date(), "MMM d")}{String(axios)}</Button>;
}
`;
    const issues = await validateSnapshot(snapshot({ 'pages/Recipes.jsx': page }));
    expect(
      issues.filter((i) => i.detectorId === 'imports').map((i) => [i.file, i.line, i.message.split(':')[0]]),
    ).toEqual([
      ['pages/Recipes.jsx', 2, '"date-fns" is not available'],
      ['pages/Recipes.jsx', 3, '"@/components/ui/button" does not resolve to a file of the app'],
      ['pages/Recipes.jsx', 4, '"axios" is not available'],
    ]);
  });
});
