import { describe, expect, it } from 'vitest';
import { filesMentioning, renameFieldInFiles } from './field-references';

describe('renameFieldInFiles', () => {
  it('rewrites member accesses, quoted names, sorts and object keys, and nothing else', () => {
    const page = [
      "const rows = await Review.list('-rating_1_5');",
      'const best = rows.filter((r) => r?.rating_1_5 > 3 && r.rating_1_5_note);',
      'await Review.create({ title, rating_1_5: 5 });',
      'await Review.update(id, {\n  rating_1_5: Number(value),\n});',
      "const label = 'Rating (1-5)'; const x = ok ? rating_1_5 : 0; const y = { ...rating_1_5 };",
      '<td>{review.rating_1_5}</td>',
    ].join('\n');
    const { files, updated } = renameFieldInFiles(
      { 'pages/Reviews.jsx': page, 'globals.css': '.rating_1_5 {}', 'app.json': '{}' },
      'rating_1_5',
      'rating',
    );
    expect(updated).toEqual(['pages/Reviews.jsx']);
    expect(files['pages/Reviews.jsx']).toBe(
      [
        "const rows = await Review.list('-rating');",
        'const best = rows.filter((r) => r?.rating > 3 && r.rating_1_5_note);',
        'await Review.create({ title, rating: 5 });',
        'await Review.update(id, {\n  rating: Number(value),\n});',
        "const label = 'Rating (1-5)'; const x = ok ? rating_1_5 : 0; const y = { ...rating_1_5 };",
        '<td>{review.rating}</td>',
      ].join('\n'),
    );
    expect(files['globals.css']).toBe('.rating_1_5 {}');
    expect(filesMentioning(files, 'rating_1_5')).toEqual(['pages/Reviews.jsx']);
    expect(filesMentioning({ 'a.js': 'x.rating_1_5_note' }, 'rating_1_5')).toEqual([]);
  });

  it('leaves everyday JavaScript members alone when a field shares their name', () => {
    const { updated } = renameFieldInFiles({ 'pages/A.jsx': 'items.length + e.target.value' }, 'length', 'size');
    expect(updated).toEqual([]);
  });
});
