import { describe, expect, it } from 'vitest';
import { initialsOf, samplePicture } from './sample-pictures';

const svgOf = (url: string) => decodeURIComponent(url.slice('data:image/svg+xml,'.length));

describe('sample pictures', () => {
  it('are inline SVG drawn from the title: the same title, the same picture; another title, another one', () => {
    const a = samplePicture('Project Hail Mary');
    expect(a).toMatch(/^data:image\/svg\+xml,/);
    expect(samplePicture('Project Hail Mary')).toBe(a);
    expect(samplePicture('Middlemarch')).not.toBe(a);
    expect(svgOf(a)).toContain('>PH</text>');
  });

  it('ask nothing of another site: no address in them but the SVG namespace', () => {
    const svg = svgOf(samplePicture('Blue Harbour Café'));
    expect(svg.replace("xmlns='http://www.w3.org/2000/svg'", '')).not.toMatch(/https?:|\/\/|href/);
    expect(samplePicture('a#b<c>%d')).not.toMatch(/[#<>]/);
  });

  it('show up to two initials of the title, letters and digits only', () => {
    expect(initialsOf('Blue Harbour Café')).toBe('BH');
    expect(initialsOf('élan')).toBe('É');
    expect(initialsOf('<script> & "quotes"')).toBe('SQ');
    expect(initialsOf('42 Wallaby Way')).toBe('4W');
    expect(initialsOf('—')).toBe('?');
  });
});
