import { Modal, Tabs } from 'antd'
import './dialogs.css'

interface Props {
  open: boolean
  onClose: () => void
  onInsert: (html: string) => void
}

/** The picker's sets: characters every phone and desktop font shows, so published articles look the same. */
const SETS: { key: string; label: string; items: string }[] = [
  {
    key: 'faces',
    label: '表情',
    items:
      '😀😃😄😁😆😅😂🤣😊😇🙂🙃😉😌😍🥰😘😗😙😚😋😛😝😜🤪🤨🧐🤓😎🤩🥳😏😒😞😔😟😕🙁😣😖😫😩🥺😢😭😤😠😡🤯😳🥵🥶😱😨😰😥😓🤗🤔🤭🤫🤥😶😐😑😬🙄😯😦😧😮😲🥱😴🤤😪😵🤐🥴🤢🤮🤧😷🤒🤕',
  },
  {
    key: 'gestures',
    label: '手势',
    items: '👍👎👌✌🤞🤟🤘🤙👈👉👆👇☝✋🤚🖐🖖👋👏🙌👐🤲🙏✍💪🤝',
  },
  {
    key: 'symbols',
    label: '符号',
    items: '❤🧡💛💚💙💜🖤💔💯✨🔥🎉🎊🎁🏆🥇⭐🌟💡📌📍📢📣🔔✅❌❗❓⚠🚀🌈☀🌙⛅🌸🌹🍀🎈',
  },
]

/** 表情 (spec §2 rich-text editor): a grid of emoticons; a click inserts one and closes the picker. */
export function EmoticonPicker({ open, onClose, onInsert }: Props) {
  return (
    <Modal open={open} title="插入表情" width={480} footer={null} onCancel={onClose} destroyOnHidden>
      <Tabs
        items={SETS.map((set) => ({
          key: set.key,
          label: set.label,
          children: (
            <div className="rich-text-emoticons">
              {[...set.items].map((emoji) => (
                <button
                  key={emoji}
                  type="button"
                  title={emoji}
                  onClick={() => {
                    onInsert(emoji)
                    onClose()
                  }}
                >
                  {emoji}
                </button>
              ))}
            </div>
          ),
        }))}
      />
    </Modal>
  )
}
