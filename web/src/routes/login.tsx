import { useNavigate } from 'react-router';
import { AuthLayout } from '../app/auth-layout.tsx';
import { LoginForm } from '../features/auth/login-form.tsx';

/** /login (PRODUCT.md#sign-in-screens): sign in, then go to /. */
export function LoginRoute() {
  const navigate = useNavigate();
  return (
    <AuthLayout
      title="Login"
      heading="Sign in to Nestmark"
      intro="Your notes and bookmarks, on your own server."
    >
      <LoginForm onSuccess={() => void navigate('/')} />
    </AuthLayout>
  );
}
