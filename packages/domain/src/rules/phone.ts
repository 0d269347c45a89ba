/** Mainland mobile numbers: 11 digits starting with 1. */
export const PHONE_PATTERN = /^1\d{10}$/
export const PHONE_REQUIRED_MSG = '请输入手机号'
export const PHONE_INVALID_MSG = '请输入正确的手机号'
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
