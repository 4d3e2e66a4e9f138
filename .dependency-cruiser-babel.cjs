// How dependency-cruiser reads TypeScript here: TypeScript 7 has no JavaScript compiler API for its
// own parser, so Babel strips the types and dependency-cruiser reads the JavaScript that is left.
// `keepTypeImports` runs first and turns every type-only import or re-export into a bare import of
// the same module, so a dependency that exists only for types still counts (a type-only cycle is a
// cycle too).

/** Turns `import type {A} from 'm'`, `import {type A} from 'm'` and `export type {A} from 'm'` into `import 'm'`. */
function keepTypeImports({ types }) {
  const bareImport = (source) => types.importDeclaration([], types.stringLiteral(source.value));
  return {
    visitor: {
      Program(program) {
        for (const statement of program.get('body')) {
          const node = statement.node;
          if (statement.isImportDeclaration()) {
            const typeOnly = (specifier) => node.importKind === 'type' || specifier.importKind === 'type';
            const values = node.specifiers.filter((specifier) => !typeOnly(specifier));
            if (values.length === 0 && node.specifiers.length > 0) statement.replaceWith(bareImport(node.source));
            else if (values.length < node.specifiers.length) statement.insertAfter(bareImport(node.source));
          } else if (
            (statement.isExportNamedDeclaration() || statement.isExportAllDeclaration()) &&
            node.source &&
            (node.exportKind === 'type' || node.specifiers?.some((specifier) => specifier.exportKind === 'type'))
          ) {
            statement.insertAfter(bareImport(node.source));
          }
        }
      },
    },
  };
}

module.exports = {
  plugins: [keepTypeImports],
  presets: [
    ['@babel/preset-typescript', { isTSX: true, allExtensions: true, onlyRemoveTypeImports: true }],
    ['@babel/preset-react', { runtime: 'automatic' }],
  ],
};
