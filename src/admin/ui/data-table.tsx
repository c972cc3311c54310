'use client'

import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowSelectionState } from '@tanstack/react-table'
import { useState, type ReactNode } from 'react'

/**
 * Every list of the back office: TanStack Table (headless) drawn with our classes. Sorting and paging
 * live in the URL and on the server, so the table only draws rows; with `selectable`, rows get
 * checkboxes and `bulk` renders the actions for the chosen ones.
 */
export function DataTable<Row>({
  columns,
  data,
  rowId,
  empty = 'Ничего не найдено.',
  bulk,
}: {
  columns: ColumnDef<Row, unknown>[]
  data: Row[]
  rowId: (row: Row) => string
  empty?: string
  bulk?: (selected: Row[], clear: () => void) => ReactNode
}) {
  const [selection, setSelection] = useState<RowSelectionState>({})
  const selectColumn: ColumnDef<Row, unknown> = {
    id: 'select',
    header: ({ table }) => (
      <input type="checkbox" aria-label="Выбрать все" checked={table.getIsAllRowsSelected()} onChange={table.getToggleAllRowsSelectedHandler()} />
    ),
    cell: ({ row }) => <input type="checkbox" aria-label="Выбрать" checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />,
  }
  // The table object never leaves this component, so the compiler's memoising is not needed here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns: bulk ? [selectColumn, ...columns] : columns,
    getRowId: rowId,
    getCoreRowModel: getCoreRowModel(),
    state: { rowSelection: selection },
    onRowSelectionChange: setSelection,
    enableRowSelection: Boolean(bulk),
  })
  const selected = table.getSelectedRowModel().rows.map((r) => r.original)
  return (
    <div>
      {bulk && selected.length ? (
        <div className="mb-2 flex flex-wrap items-center gap-3 rounded-md bg-brand-50 px-3 py-2 text-sm">
          <span>Выбрано: {selected.length}</span>
          {bulk(selected, () => setSelection({}))}
        </div>
      ) : null}
      <div className="overflow-x-auto rounded-lg border border-line bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-surface text-xs uppercase tracking-wide text-ink-600">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className="px-2 py-2 font-semibold whitespace-nowrap xl:px-3">
                    {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-t border-line hover:bg-surface/60" data-row={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-2 py-2 align-top xl:px-3">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
            {data.length === 0 ? (
              <tr>
                <td colSpan={table.getAllColumns().length} className="px-3 py-8 text-center text-ink-600">
                  {empty}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </div>
  )
}
