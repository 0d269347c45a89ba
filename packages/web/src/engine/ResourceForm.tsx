import { TOAST_ERROR_S, TOAST_SUCCESS_S } from '@moc/domain/constants'
import { can } from '@moc/domain/permissions/can'
import { permissionFor, type ResourceDef, whenHolds } from '@moc/domain/resources/types'
import { contentScanInput } from '@moc/domain/rules/sensitiveScan'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Card, Flex, Form } from 'antd'
import { type RefObject, useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { api } from '../api/client.ts'
import { currentGrant, currentUser } from '../api/session.ts'
import { usePageTabsOn } from '../app/usePageTabsOn.ts'
import { useFormEdits } from '../widgets/formEdits.ts'
import { Loading } from '../widgets/Loading.tsx'
import { useEditorConfig } from '../widgets/richText/dialogs/useEditorConfig.ts'
import { loadRichTextEditor } from '../widgets/richText/RichTextField.tsx'
import { checkSensitive, useSensitiveReview } from '../widgets/SensitiveReviewDialog.tsx'
import { useUnsavedChangesGuard } from '../widgets/useUnsavedChangesGuard.ts'
import {
  detailUrlOf,
  listSearchOf,
  listUrlAfterSave,
  type OpenedFromDetail,
  prefillOf,
  type SavedItem,
} from './afterSave.ts'
import {
  displayWindowRules,
  fieldErrorsOf,
  fieldRules,
  formFields,
  partitionOf,
  resourceApi,
  screenUrl,
} from './derive.ts'
import { FieldInput } from './FieldInput.tsx'
import { formValues, type Item, savePayload } from './formValues.ts'
import { LockBanner } from './LockBanner.tsx'
import { OperationInfo } from './OperationInfo.tsx'
import { detailQuery, hasRichText } from './prefetchForm.ts'
import { RefNames } from './RefSelect.tsx'
import { ReviewStatus } from './ReviewLog.tsx'
import { workflowActions } from './review.ts'
import { type EditLock, takesLock, useEditLock } from './useEditLock.ts'
import { listQueryKey } from './useResourceList.ts'
import { useTitleCheck } from './useTitleCheck.tsx'
import { invalidateReview, sendWorkflow } from './useWorkflow.tsx'
import { VersionHistory } from './VersionHistory.tsx'
import './engine.css'

/**
 * Where a form is drawn: its own screen (a Card; 返回 and saving navigate), or a drawer over the list of a type
 * without a detail screen (screens.detail unset): 取消 and the close button ask before dropping edits (`edited`,
 * which the form keeps current), saving closes it.
 */
export type FormHost =
  | { kind: 'screen' }
  | {
      kind: 'drawer'
      requestClose: () => void
      close: () => void
      edited: RefObject<() => boolean>
      /** Over a list embedded in another screen: saving does not go to the list's URL. */
      inPlace?: boolean
      /** Told the saved item's id (a question written on a questionnaire's screen joins it). */
      onSaved?: (id: number) => void | Promise<void>
      /** A new item's starting values. */
      initial?: Record<string, number>
    }

/** The form's title: 新增 / 编辑 / 查看 and the type's label. */
export const formTitle = (def: ResourceDef, editing: boolean, mayWrite: boolean) =>
  `${editing ? (mayWrite ? '编辑' : '查看') : '新增'}${def.label}`

/**
 * The create/edit screen of a resource (its detail route, with an optional `id`), drawn from its definition;
 * with `view` (a detail screen beside separate add/edit screens) the item is shown read-only and takes no lock.
 */
export function ResourceForm({ def, view = false }: { def: ResourceDef; view?: boolean }) {
  const [params] = useSearchParams()
  const raw = params.get('id')
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : undefined
  return <ResourceFormLoader def={def} id={id} view={view} host={{ kind: 'screen' }} />
}

/** The item of a form (`id`, none for a new one), its edit lock and the editor's code, then the form itself. */
export function ResourceFormLoader({
  def,
  id,
  view = false,
  host,
}: {
  def: ResourceDef
  id: number | undefined
  view?: boolean
  host: FormHost
}) {
  // Without 编辑 the form is read-only anyway and takes no lock.
  const { lock, forceUnlock } = useEditLock(def, id, takesLock(def, view))
  // A rich-text field waits for the editor's chunk and configuration: ask for both beside the lock and the item
  // (the list's buttons asked already, see prefetchForm).
  const richText = hasRichText(def)
  useEditorConfig(richText)
  useEffect(() => {
    if (richText) loadRichTextEditor().catch(() => undefined)
  }, [richText])
  const detail = useQuery(detailQuery(def, id))
  // The item is read once the lock is settled; regaining it (the holder left, or a forced unlock) reloads the
  // item and redraws the form, so nobody edits over what the previous holder saved.
  const regained = useRef(lock.status)
  // The item the form was drawn for: drawn once from a fresh copy; a later answer fills the untouched fields only.
  const drawn = useRef<number | undefined>(undefined)
  useEffect(() => {
    const before = regained.current
    regained.current = lock.status
    if (lock.status === 'mine' && (before === 'other' || before === 'error')) {
      // Read-only meanwhile: nothing typed to keep, so the form is drawn afresh.
      drawn.current = undefined
      void detail.refetch()
    }
  }, [lock.status, detail])
  // Fetching, not only loading: opened from the list, an item read before is read again (prefetchForm), and the
  // form is drawn from the fresh copy only. Once drawn, the item read again (a workflow change, a refetch) no longer
  // takes the form away: EditForm puts it into the fields nobody touched (decision 0035).
  const fresh = drawn.current === id
  if (id !== undefined && !fresh && (detail.isFetching || lock.status === 'pending')) return <Loading />
  if (detail.error && !fresh) {
    const alert = <Alert type="error" showIcon title={detail.error.message} />
    return host.kind === 'screen' ? <Card>{alert}</Card> : alert
  }
  drawn.current = id
  return (
    <EditForm
      key={id ?? 'new'}
      def={def}
      item={detail.data}
      lock={lock}
      forceUnlock={forceUnlock}
      view={view}
      host={host}
    />
  )
}

function EditForm({
  def,
  item,
  lock,
  forceUnlock,
  view,
  host,
}: {
  def: ResourceDef
  item: Item | undefined
  lock: EditLock
  forceUnlock: () => Promise<void>
  view: boolean
  host: FormHost
}) {
  const { message } = App.useApp()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<Record<string, unknown>>()
  const sensitiveReview = useSensitiveReview()
  const [saving, setSaving] = useState<false | 'save' | 'submit'>(false)
  const [serverError, setServerError] = useState<string>()
  const location = useLocation()
  const paths = resourceApi(def)
  const editing = item !== undefined
  // A value the server computes per row (a count) has nothing to show before the row exists.
  const fields = formFields(def).filter(([, f]) => editing || !f.derived)
  // Without 编辑 (or 添加 for a new item), or while another editor holds the lock, the form is read-only.
  const locked = lock.status === 'other' || lock.status === 'error'
  const mayWrite =
    !view &&
    !locked &&
    can(currentGrant(), def.permissionPage, permissionFor(def, editing ? 'update' : 'create'))
  // 保存并提交审核: the type goes through review, the grant may submit, and the item is not already pending.
  const verifyState = (item as { verifyState?: unknown } | undefined)?.verifyState
  const maySubmit =
    mayWrite &&
    workflowActions(def, currentGrant()).includes('submit') &&
    !(typeof verifyState === 'number' && verifyState >= 3)
  const [params] = useSearchParams()
  // Back to the list as it was left (tab, filters, page) when the form was opened from it. Under 多页签 the list's
  // tab keeps where it was (decision 0036); the browser's previous page may be another tab. Opened by a read-only
  // detail's 编辑, back to that detail.
  const pageTabs = usePageTabsOn()
  const fromDetail = detailUrlOf(def, location.state)
  const back = () =>
    host.kind === 'drawer'
      ? host.requestClose()
      : location.key === 'default' || pageTabs
        ? navigate(fromDetail ?? screenUrl(def, def.screens.list, params))
        : navigate(-1)
  // A partitioned type (programme content's source): a new item takes the URL's value, which the form only shows.
  const partition = def.list.partition
  const initialValues = formValues(def, item?.fields)
  if (!editing)
    Object.assign(initialValues, host.kind === 'drawer' ? host.initial : prefillOf(location.state))
  if (partition && !editing) initialValues[partition] = partitionOf(def, params)
  // Data that arrives after the form opened fills only what the user has not touched (decision 0035).
  const edits = useFormEdits(form, initialValues)
  const filledFrom = useRef(item)
  useEffect(() => {
    if (!item || item === filledFrom.current) return
    filledFrom.current = item
    edits.fill(formValues(def, item.fields))
  }, [def, item, edits])
  // Leaving an edited form asks first (返回, the menu, the breadcrumb, closing the tab); a save lets it go.
  const edited = () => mayWrite && edits.edited()
  const release = useUnsavedChangesGuard(edited)
  if (host.kind === 'drawer') host.edited.current = edited
  /** The list on the tab that holds the saved item, the item highlighted (issue 20 point 5). */
  const listAfterSave = async (savedId: number) => {
    const saved = await api
      .get<SavedItem>(paths.detail, paths.withKind({ id: savedId }))
      .catch(() => undefined)
    // A drawer was opened from the list on screen: its query is the list's.
    const listSearch = host.kind === 'drawer' ? location.search : listSearchOf(location.state)
    return listUrlAfterSave(
      def,
      { id: savedId, item: saved, created: !editing },
      { listSearch, formParams: params },
      { username: currentUser()?.username, grant: currentGrant() },
    )
  }

  /** Spec §5: another item with this title asks before saving; a failed lookup blocks saving. */
  const checkTitle = useTitleCheck(paths.same, paths.kind)
  const confirmTitle = (title: string) => checkTitle(title, item?.id, setServerError)

  const save = async (values: Record<string, unknown>, submit = false) => {
    setSaving(submit ? 'submit' : 'save')
    setServerError(undefined)
    try {
      const payload = savePayload(def, values)
      if (!(await confirmTitle(typeof payload.title === 'string' ? payload.title : ''))) return
      // Sensitive review (decision 0010): flagged words are shown before submitting; block-level ones stop it.
      if (
        submit &&
        !(await sensitiveReview([await checkSensitive(contentScanInput(def, payload))], 'submit'))
      )
        return
      let savedId = item?.id
      if (editing) await api.post(paths.update, paths.withKind({ id: item.id, ...payload }))
      else savedId = (await api.post<{ id: number }>(paths.create, paths.withKind(payload))).id
      if (submit && savedId !== undefined) {
        try {
          await sendWorkflow(def, 'submit', [savedId])
        } catch (err) {
          // Saved but not submitted: the item is kept; say so and let the editor retry from the list.
          await invalidateReview(queryClient, def)
          throw new Error(`已保存，提交审核失败：${err instanceof Error ? err.message : '网络错误'}`)
        }
        message.success('保存成功，已提交审核', TOAST_SUCCESS_S)
        await invalidateReview(queryClient, def)
      } else message.success('保存成功', TOAST_SUCCESS_S)
      await queryClient.invalidateQueries({ queryKey: listQueryKey(def) })
      // Opened from a read-only detail: back to it (read afresh), not to the list.
      const stay = fromDetail || (host.kind === 'drawer' && host.inPlace)
      const list = savedId === undefined || stay ? undefined : await listAfterSave(savedId)
      queryClient.removeQueries({ queryKey: ['resource-detail', def.name] })
      release()
      if (host.kind === 'drawer' && savedId !== undefined) await host.onSaved?.(savedId)
      if (host.kind === 'drawer') host.close()
      if (fromDetail) navigate(fromDetail, { replace: true })
      else if (list !== undefined) navigate(list, { replace: true })
      else if (host.kind === 'screen') back()
    } catch (err) {
      // The form keeps what was typed; the server's reason shows above it and as a toast, and under the field it
      // names (a children field's overlap).
      const text = err instanceof Error ? err.message : '网络错误'
      setServerError(text)
      form.setFields(fieldErrorsOf(def, text))
      message.error(text, TOAST_ERROR_S)
    } finally {
      setSaving(false)
    }
  }

  // A drawer is narrower than a screen: its labels take a larger share.
  const cols = host.kind === 'drawer' ? { label: 5, wrapper: 19 } : { label: 4, wrapper: 16 }
  const body = (
    <>
      {serverError ? <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} /> : null}
      <LockBanner lock={lock} forceUnlock={forceUnlock} />
      {editing && def.review ? <ReviewStatus def={def} item={item} /> : null}
      <RefNames.Provider value={item?.refs ?? {}}>
        <Form
          form={form}
          name={`${def.name}-detail`}
          layout="horizontal"
          labelCol={{ span: cols.label }}
          wrapperCol={{ span: cols.wrapper }}
          initialValues={initialValues}
          onFinish={(values) => save(values)}
          // The fields' own rules say what is wrong, in Chinese: the browser's check (a stored file is a /files/… path,
          // which type="url" refuses, decision 0033) would silently stop the submit.
          noValidate
          disabled={!mayWrite}
          scrollToFirstError
        >
          {fields.map(([name, f], i) => {
            const item = (
              <Form.Item
                key={name}
                label={f.label}
                name={name}
                rules={[...fieldRules(name, f), ...displayWindowRules(name)]}
                dependencies={name === 'displayEnd' ? ['displayStart'] : undefined}
                extra={f.help}
              >
                <FieldInput
                  field={f}
                  autoFocus={i === 0 && mayWrite}
                  readOnly={!mayWrite || name === partition}
                  owner={{ kind: paths.kind, field: name }}
                />
              </Form.Item>
            )
            const when = f.when
            // A field that applies only under another field's value (FieldDef.when) is drawn, and checked, then only.
            return when ? (
              <Form.Item key={name} noStyle dependencies={[when.field]}>
                {({ getFieldValue }) => (whenHolds(when, getFieldValue(when.field)) ? item : null)}
              </Form.Item>
            ) : (
              item
            )
          })}
          <Form.Item wrapperCol={{ offset: cols.label, span: cols.wrapper }}>
            <Flex gap={8}>
              {mayWrite ? (
                <Button
                  type="primary"
                  htmlType="submit"
                  loading={saving === 'save'}
                  disabled={saving !== false}
                >
                  保存
                </Button>
              ) : null}
              {maySubmit ? (
                <Button
                  loading={saving === 'submit'}
                  disabled={saving !== false}
                  onClick={() =>
                    form.validateFields().then(
                      (values) => save(values, true),
                      () => undefined,
                    )
                  }
                >
                  保存并提交审核
                </Button>
              ) : null}
              {view &&
              def.screens.edit &&
              editing &&
              can(currentGrant(), def.permissionPage, permissionFor(def, 'update')) ? (
                <Button
                  type="primary"
                  disabled={false}
                  onClick={() => {
                    const state: OpenedFromDetail = { detail: location.pathname + location.search }
                    void navigate(screenUrl(def, def.screens.edit!, params, item.id), { state })
                  }}
                >
                  编辑
                </Button>
              ) : null}
              <Button onClick={back} disabled={false}>
                {host.kind === 'drawer' ? '取消' : '返回'}
              </Button>
            </Flex>
          </Form.Item>
        </Form>
      </RefNames.Provider>
      {editing && paths.operationInfo ? <OperationInfo def={def} id={item.id} /> : null}
      {editing && def.review ? <VersionHistory def={def} id={item.id} /> : null}
    </>
  )
  return host.kind === 'screen' ? <Card title={formTitle(def, editing, mayWrite)}>{body}</Card> : body
}
