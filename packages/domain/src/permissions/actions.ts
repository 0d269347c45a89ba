/** Permission actions (spec §6), Chinese action name → stable key used in permission keys. */
export const actionKeys = {
  查看: 'view',
  添加: 'add',
  编辑: 'edit',
  删除: 'remove',
  评论: 'comment',
  审核: 'review',
  提交审核: 'submit',
  撤销审核: 'revoke',
  驳回原因: 'reject',
  '显示/隐藏': 'show',
  编辑信息: 'editInfo',
  免审发布: 'publishNoExamine',
  回收站: 'recycle',
  导出: 'export',
  '锁定/解锁': 'lock',
  导入: 'import',
  下载: 'download',
  视频剪辑: 'clip',
  停止: 'stop',
  日志: 'log',
  剪切: 'cut',
  '上线/下线': 'online',
  '启用/禁用': 'state',
  '冻结/解冻': 'freeze',
  排序: 'sort',
  推荐: 'recommend',
  置顶: 'top',
  发放: 'send',
  核销: 'writeOff',
} as const

export type ActionName = keyof typeof actionKeys
export type ActionKey = (typeof actionKeys)[ActionName]

/** Actions that imply 审核 (spec §6: holding any of them also grants 审核). */
export const reviewGrantingActions: readonly ActionName[] = ['提交审核', '撤销审核', '驳回原因']
