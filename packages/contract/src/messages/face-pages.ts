/** Step 5's pages: the selfie guide (faceDome) and the capture page (face). */

export const FACE_GUIDE_INTRO = '為確認是您本人申請，請拍攝一張自拍照，系統將與身分證照片比對。';
export const FACE_GUIDE_TIPS = [
  '在明亮處拍攝，避免背光',
  '臉部正對鏡頭，置於框線中央並填滿框線',
  '請勿配戴口罩、帽子或眼鏡',
  '請本人拍攝，勿翻拍照片或螢幕',
] as const;
export const FACE_GUIDE_START = '開始拍攝';
export const FACE_CAPTURE_HINT = '請將臉部置於框線內，保持光線充足';
export const FACE_CAPTURE_TAKE = '拍照';
export const FACE_CAPTURE_PICK = '拍攝自拍照';
export const FACE_CAPTURE_RETAKE = '重新拍攝';
export const FACE_CAPTURE_CHECKING = '正在驗證，請稍候…';
export const FACE_CAPTURE_CAMERA_UNAVAILABLE = '無法開啟相機，請改用下方按鈕拍攝或選擇照片';
export const FACE_STEP_DONE = '人臉識別已完成';
export const FACE_STEP_REVIEW = '已轉由專人審核，您仍可繼續申請';

// The capture of the challenge (active liveness): shown while the front camera records.
export const FACE_CHALLENGE_PROMPTS: Record<'turn_left' | 'turn_right' | 'blink' | 'move_closer', string> = {
  turn_left: '請慢慢將頭轉向您的左邊',
  turn_right: '請慢慢將頭轉向您的右邊',
  blink: '請正視鏡頭，慢慢眨一次眼睛',
  move_closer: '請將手機慢慢靠近臉部',
};
export const FACE_CAPTURE_START = '開始驗證';
export const FACE_CAPTURE_GET_READY = '請正視鏡頭，即將開始錄影';
export const FACE_CAPTURE_RECORDING = '錄影中，請依提示動作';
export const FACE_CAPTURE_NO_CAMERA_REVIEW = '無法開啟相機：您可改為上傳自拍照，將由專人審核身分（需要較長時間）';
