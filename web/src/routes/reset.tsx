import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../app/auth-layout.tsx';
import { BackToLogin } from '../features/auth/forgot-form.tsx';
import { ResetForm } from '../features/auth/reset-form.tsx';
import { buttonClasses } from '../ui/button.tsx';
import { FormAlert } from '../ui/form-alert.tsx';

/**
 * /reset?email=…&token=… (PRODUCT.md#sign-in-screens): choose a new password with the mailed link,
 * then go to / signed in (PRODUCT.md#after-an-action). Without token and email the link cannot work
 * (PRODUCT.md#validation).
 */
export function ResetRoute() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const email = search.get('email')?.trim() ?? '';
  const token = search.get('token')?.trim() ?? '';
  return (
    <AuthLayout
      title="Reset Password"
      heading="Choose a new password"
      intro={email ? `For ${email}` : 'Open the link from the password reset mail.'}
    >
      {email && token ? (
        <ResetForm email={email} token={token} onSuccess={() => void navigate('/')} />
      ) : (
        <div className="flex flex-col gap-5">
          <FormAlert>Your url needs to contain a token and an email address.</FormAlert>
          <Link to="/forgot" className={buttonClasses('primary', 'md', 'w-full')}>
            Request a new link
          </Link>
          <BackToLogin />
        </div>
      )}
    </AuthLayout>
  );
}
