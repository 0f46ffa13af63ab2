/** The review page's 人臉辨識紀錄: every face attempt of the borrower, in words (Traditional Chinese). */

export const FACE_REVIEW_TITLE = '人臉辨識紀錄';
export const FACE_REVIEW_EMPTY = '此申請人沒有人臉辨識紀錄';
export const FACE_REVIEW_NO_FRAMES = '無錄影畫面';
export const FACE_REVIEW_NO_SCORES = '未計分';
/** `{n}`: the attempt's place, oldest first. */
export const FACE_REVIEW_ATTEMPT = '第 {n} 次';
/** `{threshold}`: the threshold the value was judged by. */
export const FACE_REVIEW_AT_LEAST = '門檻 ≥ {threshold}';
export const FACE_REVIEW_AT_MOST = '門檻 ≤ {threshold}';
/** `{seconds}`: the frame's time in the capture. */
export const FACE_REVIEW_FRAME_CAPTION = '{seconds} 秒';
export const FACE_REVIEW_FRAME_ALT = '錄影畫面 {seconds} 秒';
/** The attempt's still photo, the one detection checked (and the one compared when there was no camera). */
export const FACE_REVIEW_STILL_ALT = '偵測用自拍照';
export const FACE_REVIEW_STILL_CAPTION = '自拍照';

export const FACE_REVIEW_COLUMNS = {
  attempt: '次序',
  at: '時間',
  challenge: '指定動作',
  outcome: '結果',
  scores: '分數（門檻）',
  frames: '錄影畫面（依拍攝順序）',
} as const;

/** The challenge the server asked for. */
export const FACE_REVIEW_CHALLENGES = {
  turn_left: '向左轉頭',
  turn_right: '向右轉頭',
  blink: '眨眼',
  move_closer: '靠近鏡頭',
} as const;
export const FACE_REVIEW_NO_CHALLENGE = '未指定（偵測未通過）';

/** What became of the attempt's one-use nonce. */
export const FACE_REVIEW_NONCE_STATES = {
  used: '驗證碼已使用',
  expired: '驗證碼已逾時未使用',
  open: '驗證碼尚未使用',
  none: '無驗證碼',
} as const;

export const FACE_REVIEW_OUTCOMES: Record<string, string> = {
  pending: '進行中',
  retake: '需重拍',
  passed: '通過',
  failed: '未通過',
  manual_review: '轉人工審核',
};

export const FACE_REVIEW_CAPTURE_MODES: Record<string, string> = {
  camera: '鏡頭錄影',
  no_camera: '無鏡頭（僅自拍照）',
};

/** Why a detection or a capture failed. */
export const FACE_REVIEW_REASONS: Record<string, string> = {
  no_face: '未偵測到人臉',
  several_faces: '畫面中有多張人臉',
  too_small: '人臉太小',
  off_centre: '人臉未置中',
  too_dark: '光線太暗',
  frame_count: '錄影畫面張數不符',
  frame_times: '錄影畫面時間不合理',
  face_lost: '部分畫面沒有人臉',
  different_faces: '各畫面不是同一張臉',
  no_motion: '畫面靜止不動（疑似照片）',
  challenge_not_done: '未依指定動作完成',
  flat: '轉頭時臉部為平面（疑似照片或螢幕）',
  spoof: '防偽或活體分數不足',
  no_camera: '裝置無鏡頭，僅自拍照，需人工判定',
};

export const FACE_REVIEW_SCORE_LABELS = {
  similarity: '與證件照相似度',
  antispoof: '防偽（中位數）',
  liveness: '活體（中位數）',
  frameSimilarity: '各畫面同一人（最低）',
  turnDegrees: '轉頭角度（度）',
  planarResidual: '立體程度',
  eyeClosure: '閉眼程度（比值）',
  sizeGrowth: '靠近倍數',
} as const;
