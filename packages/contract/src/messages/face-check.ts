/** Onboarding step 5 (人臉識別): the server's answers to a selfie. */

// Detection: one face, large and centred enough, in enough light.
export const FACE_NO_FACE = '照片中找不到人臉，請正對鏡頭重新拍攝';
export const FACE_SEVERAL_FACES = '照片中有多張人臉，請確認畫面中只有您本人';
export const FACE_TOO_SMALL = '人臉太小，請將手機靠近一些，讓臉部填滿框線';
export const FACE_OFF_CENTRE = '人臉未置中，請將臉部對準畫面中央';
export const FACE_TOO_DARK = '光線太暗，請到明亮處重新拍攝';
export const FACE_IMAGE_NOT_FOUND = '找不到上傳的自拍照片，請重新拍攝';
export const FACE_IMAGE_UNREADABLE = '無法讀取這張照片，請重新拍攝';

// Liveness and comparison.
export const FACE_DETECTION_REQUIRED = '請先拍攝一張清楚的正面自拍照';
export const FACE_LIVENESS_FAILED = '活體檢測未通過，請本人直接面對鏡頭拍攝，勿翻拍照片或螢幕';
export const FACE_LIVENESS_REQUIRED = '請先完成活體檢測';
export const FACE_ID_CARD_REQUIRED = '請先完成身分證照片上傳（第 3 步），再進行人臉識別';
export const FACE_ID_CARD_NO_FACE = '身分證正面照片中找不到人像，請重新上傳清楚的身分證正面';
export const FACE_MISMATCH = '自拍照與身分證照片比對不符，請本人重新拍攝';
export const FACE_MANUAL_REVIEW = '人臉識別已多次未通過，已轉由專人審核，審核結果將以簡訊通知您';
/** A refusal that still leaves tries: the message, and how many are left before staff review (FACE_MAX_FAILURES); the count kept on one line with its words. */
export const faceRefusalWithTriesLeft = (message: string, triesLeft: number): string =>
  `${message}（還可再試\u00a0${triesLeft}\u00a0次，之後將轉由專人審核）`;
export const FACE_UNAVAILABLE = '人臉識別暫時無法使用，請稍後再試';

// Outcomes shown after a compare.
export const FACE_PASSED = '人臉識別已通過';

// The personal-data list.
export const FACE_DATA_LIST_LABEL = '人臉識別紀錄（錄影畫面加密保存供審核，不保存臉部特徵）';
export const FACE_DATA_LIST_VALUE = (attempts: number, outcome: string) => `${attempts} 次；${outcome}`;
export const FACE_OUTCOME_LABELS: Record<string, string> = {
  pending: '未完成',
  passed: '已通過',
  failed: '未通過',
  manual_review: '專人審核中',
};

// Active liveness (the capture of the challenge).
export const FACE_CHALLENGE_EXPIRED = '動作驗證已逾時，請重新開始';
export const FACE_CAPTURE_REPLAYED = '這段錄影已使用過，請重新錄製';
export const FACE_CAPTURE_FRAMES = '錄影畫面不足，請重新錄製';
export const FACE_CAPTURE_FACE_LOST = '錄影中有畫面找不到人臉，請保持臉部在框線內重新錄製';
export const FACE_CAPTURE_NOT_DONE = '未偵測到指定的動作，請依畫面提示重新錄製';
/** Staff see why a capture failed (console); the borrower sees FACE_LIVENESS_FAILED or the above. */
export const FACE_LIVENESS_REASON_LABELS: Record<string, string> = {
  frame_count: '畫面數不符',
  frame_times: '畫面時間不符',
  face_lost: '有畫面無人臉',
  several_faces: '有畫面多張人臉',
  different_faces: '各畫面非同一人',
  no_motion: '畫面靜止（疑似照片）',
  challenge_not_done: '未完成指定動作',
  flat: '臉部呈平面移動（疑似照片或螢幕）',
  spoof: '防偽分數過低',
  no_camera: '無相機，改由專人審核',
};
export const FACE_CHALLENGE_LABELS: Record<string, string> = {
  turn_left: '向左轉頭',
  turn_right: '向右轉頭',
  blink: '眨眼',
  move_closer: '靠近鏡頭',
};
export const FACE_RETAKE_REQUIRED = '此照片已完成驗證，請重新拍攝一張';
export const FACE_CHECK_LIMIT = '人臉識別次數過多，請一小時後再試';
