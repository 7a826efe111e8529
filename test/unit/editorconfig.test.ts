import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  globMatches,
  parseEditorconfig,
  propertiesFor,
  toDefinition,
} from '../../src/server/git/editorconfig';

test('a glob without a slash matches the file name in any directory', () => {
  assert.ok(globMatches('*', 'a.js'));
  assert.ok(globMatches('*.js', 'lib/deep/x.js'));
  assert.ok(!globMatches('*.js', 'x.jsx'));
  assert.ok(globMatches('Makefile', 'src/Makefile'));
  assert.ok(!globMatches('Makefile', 'src/Makefile.am'));
});

test('a glob with a slash is anchored at the root, and * stops at a slash while ** does not', () => {
  assert.ok(globMatches('lib/*.js', 'lib/a.js'));
  assert.ok(!globMatches('lib/*.js', 'lib/a/b.js'));
  assert.ok(!globMatches('lib/*.js', 'src/lib/a.js'));
  assert.ok(globMatches('/lib/*.js', 'lib/a.js'));
  assert.ok(globMatches('lib/**.js', 'lib/a/b.js'));
  assert.ok(globMatches('a/**/b', 'a/b'));
  assert.ok(globMatches('a/**/b', 'a/x/y/b'));
  assert.ok(globMatches('**/z.txt', 'z.txt'));
});

test('? matches one character other than a slash', () => {
  assert.ok(globMatches('a?c', 'abc'));
  assert.ok(!globMatches('a?c', 'ac'));
  assert.ok(!globMatches('dir/a?c', 'dir/a/c'));
});

test('character classes match one listed character, ! negates, and a class with a slash is literal', () => {
  assert.ok(globMatches('[ab].c', 'a.c'));
  assert.ok(!globMatches('[ab].c', 'c.c'));
  assert.ok(globMatches('[!ab].c', 'c.c'));
  assert.ok(!globMatches('[!ab].c', 'a.c'));
  assert.ok(globMatches('[a-c]x', 'bx'));
  assert.ok(globMatches('ab[/]ef', 'ab[/]ef'));
  assert.ok(!globMatches('ab[/]ef', 'ab/ef'));
});

test('braces list alternatives, nest, and a numeric range matches integers within it', () => {
  assert.ok(globMatches('*.{js,py}', 'a.py'));
  assert.ok(!globMatches('*.{js,py}', 'a.rb'));
  assert.ok(globMatches('{a,{b,c}}.txt', 'c.txt'));
  assert.ok(globMatches('{single}.txt', '{single}.txt'));
  assert.ok(globMatches('file{1..3}.txt', 'file2.txt'));
  assert.ok(!globMatches('file{1..3}.txt', 'file4.txt'));
  assert.ok(globMatches('n{-3..3}', 'n-2'));
  assert.ok(!globMatches('n{-3..3}', 'n-4'));
});

test('a backslash makes the next character literal', () => {
  assert.ok(globMatches('a\\*b', 'a*b'));
  assert.ok(!globMatches('a\\*b', 'axb'));
  assert.ok(globMatches('a.b', 'a.b'));
  assert.ok(!globMatches('a.b', 'axb'));
});

const sample = `
# top comment
root = true

[*]
indent_style = space
indent_size = 2
end_of_line = LF
charset = utf-8
trim_trailing_whitespace = true
insert_final_newline = true

[*.md]
trim_trailing_whitespace = false ; keep markdown line breaks

[Makefile]
indent_style = tab

[{*.go,go.mod}]
indent_style = tab
indent_size = unset

[lib/**.py]
indent_size = 4
`;

test('the file is parsed into root and sections with lower-cased keys and known values', () => {
  const config = parseEditorconfig(sample);
  assert.equal(config.root, true);
  assert.deepEqual(
    config.sections.map((s) => s.glob),
    ['*', '*.md', 'Makefile', '{*.go,go.mod}', 'lib/**.py'],
  );
  assert.equal(config.sections[0]!.properties.get('end_of_line'), 'lf');
  assert.equal(config.sections[1]!.properties.get('trim_trailing_whitespace'), 'false');
});

test('later matching sections override earlier ones for a path', () => {
  const config = parseEditorconfig(sample);
  assert.deepEqual(toDefinition(propertiesFor(config, 'docs/readme.md')), {
    charset: 'utf-8',
    indent_style: 'space',
    indent_size: '2',
    tab_width: 2,
    end_of_line: 'lf',
    trim_trailing_whitespace: false,
    insert_final_newline: true,
  });
  assert.equal(toDefinition(propertiesFor(config, 'lib/pkg/x.py')).indent_size, '4');
  assert.equal(toDefinition(propertiesFor(config, 'x.py')).indent_size, '2');
});

test('indent_style tab implies indent_size tab, and unset removes a property', () => {
  const config = parseEditorconfig(sample);
  const makefile = toDefinition(propertiesFor(config, 'Makefile'));
  assert.equal(makefile.indent_style, 'tab');
  assert.equal(makefile.indent_size, '2');
  const go = propertiesFor(config, 'cmd/main.go');
  assert.equal(go.get('indent_style'), 'tab');
  assert.equal(go.get('indent_size'), 'tab');
  assert.equal(toDefinition(go).tab_width, undefined);
});

test('indent_size tab takes tab_width when it is set', () => {
  const config = parseEditorconfig('[*]\nindent_size = tab\ntab_width = 8\n');
  assert.deepEqual(toDefinition(propertiesFor(config, 'a.c')), { indent_size: '8', tab_width: 8 });
});

test('a path no section matches has no properties', () => {
  const config = parseEditorconfig('[*.js]\nindent_size = 2\n');
  assert.deepEqual(toDefinition(propertiesFor(config, 'a.rb')), {});
});

test('properties before any section other than root are ignored, and root defaults to false', () => {
  const config = parseEditorconfig('indent_size = 9\n[*]\ncharset = latin1\n');
  assert.equal(config.root, false);
  assert.deepEqual(toDefinition(propertiesFor(config, 'a')), { charset: 'latin1' });
});
