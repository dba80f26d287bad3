import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

/** A user-facing English string written directly in a view instead of going through `t()`. */
export type Literal = { file: string; line: number; text: string; where: string }

/** JSX attributes a person reads or hears; any other attribute (class names, test ids, roles) is code. */
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'title',
  'placeholder',
  'label',
  'heading',
  'description',
  'message',
  'emptyText',
])

const LOGICAL = new Set([
  ts.SyntaxKind.AmpersandAmpersandToken,
  ts.SyntaxKind.BarBarToken,
  ts.SyntaxKind.QuestionQuestionToken,
])

/** Text that is not language: punctuation, symbols, numbers, single letters used as glyphs. */
const isLanguage = (text: string): boolean => /[A-Za-z]{2,}/.test(text)

const walk = (dir: string, out: string[] = []): string[] => {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'test' || name === 'testing') continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) walk(path, out)
    else if (/\.tsx$/.test(name) && !/\.test\.tsx$/.test(name)) out.push(path)
  }
  return out
}

/** Every literal English string in the JSX of the `.tsx` files under `roots` (tests excluded). */
export function findLiterals(roots: readonly string[], base: string): Literal[] {
  const found: Literal[] = []
  for (const file of roots.flatMap((root) => walk(root))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
    const report = (node: ts.Node, text: string, where: string) => {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
      found.push({ file: relative(base, file), line, text: text.trim(), where })
    }
    const visit = (node: ts.Node): void => {
      if (ts.isJsxText(node) && isLanguage(node.text)) report(node, node.text, 'text')
      if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
        const init = node.initializer
        const value = ts.isStringLiteral(init)
          ? init
          : ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
            ? init.expression
            : undefined
        if (value && isLanguage(value.text)) report(node, value.text, node.name.getText(source))
      }
      // `{'Some words'}` or `{cond ? 'Yes' : 'No'}` as a child
      if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
        const strings: ts.StringLiteralLike[] = []
        const collect = (n: ts.Node): void => {
          if (ts.isStringLiteralLike(n)) strings.push(n)
          else if (ts.isParenthesizedExpression(n)) collect(n.expression)
          // the branches are shown, the condition is not
          else if (ts.isConditionalExpression(n)) (collect(n.whenTrue), collect(n.whenFalse))
          else if (ts.isBinaryExpression(n) && LOGICAL.has(n.operatorToken.kind)) (collect(n.left), collect(n.right))
        }
        if (node.expression) collect(node.expression)
        for (const s of strings) if (isLanguage(s.text)) report(s, s.text, 'text')
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return found
}
