import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
const source = readFileSync(process.argv[2]!, 'utf8');
const file = ts.createSourceFile('migration.ts', source, ts.ScriptTarget.Latest);
const tokens: string[] = [];
const visit = (node: ts.Node): void => {
  if (ts.isJSDoc(node)) return;
  const children = node.getChildren(file);
  if (children.length === 0) tokens.push(node.getText(file));
  else children.forEach(visit);
};
visit(file);
console.log(createHash('sha256').update(tokens.join(' ')).digest('hex'));
