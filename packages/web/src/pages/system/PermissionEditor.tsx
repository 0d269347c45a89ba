import { CaretDownOutlined, CaretRightOutlined } from '@ant-design/icons'
import {
  type CheckState,
  groupState,
  pageGranted,
  pageState,
  type RoleConfigGroup,
  type RoleSelection,
  toggleAction,
  toggleGroup,
  toggleMenu,
  togglePage,
} from '@moc/domain/permissions/roleEditor'
import { Button, Checkbox, Flex, Typography } from 'antd'
import { useState } from 'react'

interface Props {
  tree: RoleConfigGroup[]
  value: RoleSelection
  onChange: (next: RoleSelection) => void
  disabled?: boolean
}

/** antd Checkbox props for a select-all box. */
const boxProps = (state: CheckState) => ({ checked: state === 'all', indeterminate: state === 'some' })

/**
 * The permission tree of a role: menu group → permission page → action checkboxes, with select-all per
 * group and per page (indeterminate when partly ticked) and a 菜单可见 box per side-menu entry.
 * Groups open and close with their caret button; all controls are native checkboxes and buttons.
 */
export function PermissionEditor({ tree, value, onChange, disabled }: Props) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set())
  const flip = (key: string) =>
    setOpen((prev) => {
      const next = new Set(prev)
      if (next.has(key)) next.delete(key)
      else next.add(key)
      return next
    })

  return (
    <div className="permission-editor">
      {tree.map((group) => {
        const expanded = open.has(group.key)
        const granted = group.pages.filter((p) => pageGranted(value, p)).length
        return (
          <section key={group.key} className="permission-group" aria-label={group.title}>
            <Flex align="center" gap={8} className="permission-group-head">
              <Button
                type="text"
                size="small"
                disabled={false}
                aria-expanded={expanded}
                aria-label={`${expanded ? '收起' : '展开'} ${group.title}`}
                icon={expanded ? <CaretDownOutlined /> : <CaretRightOutlined />}
                onClick={() => flip(group.key)}
              />
              <Checkbox
                {...boxProps(groupState(value, group))}
                disabled={disabled}
                aria-label={`全选 ${group.title}`}
                onChange={(e) => onChange(toggleGroup(value, group, e.target.checked))}
              >
                <strong>{group.title}</strong>
              </Checkbox>
              <Typography.Text type="secondary">
                已授权 {granted}/{group.pages.length} 个页面
              </Typography.Text>
            </Flex>
            {expanded ? (
              <div className="permission-pages">
                {group.pages.map((page) => {
                  const hasAction = pageGranted(value, page)
                  return (
                    <div key={page.key} className="permission-page" data-page={page.name}>
                      <Checkbox
                        {...boxProps(pageState(value, page))}
                        disabled={disabled}
                        aria-label={`全选 ${page.name}`}
                        className="permission-page-name"
                        onChange={(e) => onChange(togglePage(value, page, e.target.checked))}
                      >
                        {page.name}
                      </Checkbox>
                      <Flex wrap gap={4} className="permission-actions">
                        {page.actions.map((action) => (
                          <Checkbox
                            key={action.key}
                            checked={value.actions.has(action.key)}
                            disabled={disabled}
                            aria-label={`${page.name} ${action.name}`}
                            title={action.key}
                            onChange={(e) =>
                              onChange(toggleAction(value, page, action.key, e.target.checked))
                            }
                          >
                            {action.name}
                          </Checkbox>
                        ))}
                      </Flex>
                      {page.menus.length ? (
                        <Flex wrap gap={4} className="permission-menus">
                          {page.menus.map((menu) => (
                            <Checkbox
                              key={menu.path}
                              checked={value.menus.has(menu.path)}
                              disabled={disabled || !hasAction}
                              aria-label={`${menu.title} 菜单可见`}
                              title={hasAction ? menu.path : '先勾选该页面的操作权限'}
                              onChange={(e) => onChange(toggleMenu(value, menu.path, e.target.checked))}
                            >
                              菜单可见：{menu.title}
                            </Checkbox>
                          ))}
                        </Flex>
                      ) : null}
                    </div>
                  )
                })}
              </div>
            ) : null}
          </section>
        )
      })}
    </div>
  )
}
