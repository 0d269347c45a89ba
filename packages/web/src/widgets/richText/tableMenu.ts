import type { Editor } from '@tiptap/core'

/** The 表格 menu: insert, rows and columns, merge/split, header row, delete. */
export const tableActions: { key: string; label: string; run: (e: Editor) => boolean; inTable: boolean }[] = [
  {
    key: 'insert',
    label: '插入表格',
    inTable: false,
    run: (e) => e.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
  },
  {
    key: 'rowBefore',
    label: '上方插入行',
    inTable: true,
    run: (e) => e.chain().focus().addRowBefore().run(),
  },
  { key: 'rowAfter', label: '下方插入行', inTable: true, run: (e) => e.chain().focus().addRowAfter().run() },
  {
    key: 'colBefore',
    label: '左侧插入列',
    inTable: true,
    run: (e) => e.chain().focus().addColumnBefore().run(),
  },
  {
    key: 'colAfter',
    label: '右侧插入列',
    inTable: true,
    run: (e) => e.chain().focus().addColumnAfter().run(),
  },
  { key: 'deleteRow', label: '删除行', inTable: true, run: (e) => e.chain().focus().deleteRow().run() },
  { key: 'deleteCol', label: '删除列', inTable: true, run: (e) => e.chain().focus().deleteColumn().run() },
  { key: 'merge', label: '合并单元格', inTable: true, run: (e) => e.chain().focus().mergeCells().run() },
  { key: 'split', label: '拆分单元格', inTable: true, run: (e) => e.chain().focus().splitCell().run() },
  {
    key: 'header',
    label: '切换表头行',
    inTable: true,
    run: (e) => e.chain().focus().toggleHeaderRow().run(),
  },
  { key: 'delete', label: '删除表格', inTable: true, run: (e) => e.chain().focus().deleteTable().run() },
]
