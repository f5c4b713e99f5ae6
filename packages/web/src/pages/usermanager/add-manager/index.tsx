import { useNavigate } from 'react-router';
import RegisterUserForm from '../shared/RegisterUserForm';

/** A manager one level below the signed-in one (add_next_manager); then its list. */
export default function AddManager() {
  const navigate = useNavigate();
  return (
    <div className="app-page usermanager-page add-manager">
      <RegisterUserForm kind="manager" onRegistered={() => void navigate('/usermanager/edit-manager')} />
    </div>
  );
}
