import type { FaceCheckConfig } from '../../config/env.ts';
import type { FaceAnalysis } from './face-engine.ts';
import type { DetectionRecord } from './face-check-repository.ts';

export type DetectionReason = 'no_face' | 'several_faces' | 'too_small' | 'off_centre' | 'too_dark';

/**
 * The detection verdict of one analysed selfie: exactly one face, at least
 * `minSizeRatio` of the shorter side wide, its centre at most `maxCentreOffset` of the
 * shorter side from the image centre, and a mean brightness of at least `minBrightness`
 * (of the face when there is one, else of the whole photo: a dark photo hides the face).
 */
export function judgeDetection(analysis: FaceAnalysis, config: FaceCheckConfig): DetectionRecord & { reason: DetectionReason | null } {
  const shorter = Math.max(1, Math.min(analysis.width, analysis.height));
  const face = analysis.faces.length === 1 ? analysis.faces[0] : undefined;
  const faceSizeRatio = face ? face.box[2] / shorter : null;
  const centreOffset = face
    ? Math.hypot(face.box[0] + face.box[2] / 2 - analysis.width / 2, face.box[1] + face.box[3] / 2 - analysis.height / 2) / shorter
    : null;
  const brightness = face ? face.brightness : analysis.brightness;
  let reason: DetectionReason | null = null;
  if (analysis.faces.length === 0) reason = analysis.brightness < config.minBrightness ? 'too_dark' : 'no_face';
  else if (face && face.brightness < config.minBrightness) reason = 'too_dark';
  else if (analysis.faces.length > 1) reason = 'several_faces';
  else if (faceSizeRatio! < config.minSizeRatio) reason = 'too_small';
  else if (centreOffset! > config.maxCentreOffset) reason = 'off_centre';
  return {
    faceCount: analysis.faces.length,
    faceSizeRatio,
    centreOffset,
    brightness,
    detectionPassed: reason === null,
    detectionReason: reason,
    reason,
  };
}
