import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import type { ResourceDef } from '@moc/domain/resources/types'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { App, Button } from 'antd'
import { type ReactNode, useState } from 'react'
import { api } from '../api/client.ts'
import { currentGrant } from '../api/session.ts'
import { CommandDialog } from './CommandDialog.tsx'
import {
  allowedCommands,
  applicableRowIds,
  batchCommands,
  commandBody,
  commandConfirm,
  commandDone,
  type RowCommand,
  rowCommands,
  toolbarCommands,
} from './commands.ts'
import { resourceApi } from './derive.ts'
import { listQueryKey } from './useResourceList.ts'

interface Row {
  id: number
  title?: unknown
  [field: string]: unknown
}

interface Asking {
  command: RowCommand
  ids: number[]
  title?: string
}

const hasInput = (c: RowCommand) => Object.keys(c.input ?? {}).length > 0

/**
 * A list's commands and machine transitions (DESIGN §4), drawn from the definition for the grant: toolbar buttons
 * (no row), row buttons (a transition only on rows in one of its states) and batch buttons; each asks first — its
 * input in a dialog, else a confirmation — then says `${label}成功`, or the server's reason (409 for a transition
 * the row's state does not allow).
 */
export function useCommands(def: ResourceDef, { onDone }: { onDone?: () => void } = {}) {
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const paths = resourceApi(def)
  const commands = allowedCommands(def, currentGrant())
  const [asking, setAsking] = useState<Asking>()
  const [error, setError] = useState<string>()

  const run = useMutation({
    mutationFn: ({ command, ids, input }: Asking & { input?: Record<string, unknown> }) =>
      api.post(paths.command(command.key), commandBody(command, ids, input)),
    onSuccess: (_, { command }) => {
      message.success(commandDone(command), TOAST_SUCCESS_S)
      setAsking(undefined)
      onDone?.()
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: listQueryKey(def) }),
        queryClient.invalidateQueries({ queryKey: ['resource-detail', def.name] }),
      ])
    },
    onError: (err) => {
      setError(err.message)
      message.error(err.message, TOAST_ERROR_S)
    },
  })
  const busy = (c: RowCommand, id?: number) =>
    run.isPending &&
    run.variables?.command.key === c.key &&
    (id === undefined || run.variables.ids.includes(id))

  const start = (asked: Asking) => {
    setError(undefined)
    if (hasInput(asked.command)) return setAsking(asked)
    modal.confirm({
      title: '提示',
      content: commandConfirm(asked.command, asked.ids, asked.title),
      okText: '确定',
      cancelText: '取消',
      onOk: () => run.mutateAsync(asked).catch(() => undefined),
    })
  }

  const toolbarButtons = (): ReactNode[] =>
    toolbarCommands(commands).map((c) => (
      <Button key={c.key} loading={busy(c)} onClick={() => start({ command: c, ids: [] })}>
        {c.label}
      </Button>
    ))

  const rowButtons = (row: Row): ReactNode[] =>
    rowCommands(def, commands, row).map((c) => (
      <Button
        key={c.key}
        type="link"
        size="small"
        loading={busy(c, row.id)}
        onClick={() => start({ command: c, ids: [row.id], title: String(row.title ?? row.id) })}
      >
        {c.label}
      </Button>
    ))

  const batchButtons = (selectedRows: Row[]): ReactNode[] =>
    batchCommands(commands).map((c) => (
      <Button
        key={c.key}
        disabled={selectedRows.length === 0}
        loading={busy(c) && (run.variables?.ids.length ?? 0) > 1}
        onClick={() => {
          const ids = applicableRowIds(def, c, selectedRows)
          if (ids.length) start({ command: c, ids })
          else message.warning(`选中的记录中没有可${c.label}的记录`)
        }}
      >
        批量{c.label}
      </Button>
    ))

  const dialog = (
    <CommandDialog
      command={asking?.command}
      target={
        asking?.title !== undefined && asking.ids.length === 1
          ? `「${asking.title}」`
          : asking?.ids.length
            ? `（${asking.ids.length}条）`
            : ''
      }
      busy={run.isPending}
      error={error}
      onCancel={() => setAsking(undefined)}
      onSubmit={(input) => asking && run.mutate({ ...asking, input })}
    />
  )

  return {
    commands,
    toolbarButtons,
    rowButtons,
    batchButtons,
    dialog,
    hasBatch: batchCommands(commands).length > 0,
  }
}
