import type { ReactNode } from 'react';

interface SheetSubmitProps {
  /** Why the last submit failed, said above the button; null when it did not fail. */
  failure: string | null;
  failureClassName: string;
  className: string;
  disabled: boolean;
  onSubmit: () => void;
  /** The button's words, or what it is doing (正在提交…). */
  children: ReactNode;
}

/**
 * The foot of a sheet's form (评价 a course, 去支付, 申请退款): why the last submit failed, announced so
 * the reader can change a choice and try again, then the submit button.
 */
export function SheetSubmit({
  failure,
  failureClassName,
  className,
  disabled,
  onSubmit,
  children,
}: SheetSubmitProps) {
  return (
    <>
      {failure ? (
        <p className={failureClassName} role="alert">
          {failure}
        </p>
      ) : null}
      <button type="button" className={className} disabled={disabled} onClick={onSubmit}>
        {children}
      </button>
    </>
  );
}
