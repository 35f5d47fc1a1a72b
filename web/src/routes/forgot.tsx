import { AuthLayout } from '../app/auth-layout.tsx';
import { ForgotForm } from '../features/auth/forgot-form.tsx';

/** /forgot (PRODUCT.md#sign-in-screens): ask for a password reset link by mail. */
export function ForgotRoute() {
  return (
    <AuthLayout
      title="Forgot Password"
      heading="Forgot your password?"
      intro="Enter the email address of your account and we will mail you a link to choose a new one."
    >
      <ForgotForm />
    </AuthLayout>
  );
}
