import './step-number.css';

/** The round number in front of an onboarding step (資質 and 我的 list the same five). */
export function StepNumber({ value }: { value: number }) {
  return <span className="step-number">{value}</span>;
}
