import { useNavigate } from 'react-router';
import RegisterUserForm from '../shared/RegisterUserForm';

/** A helper (or end user) working for the signed-in manager (add_helper); then the helper list. */
export default function AddHelper() {
  const navigate = useNavigate();
  return (
    <div className="app-page usermanager-page add-helper">
      <RegisterUserForm kind="helper" onRegistered={() => void navigate('/usermanager/edit-helper')} />
    </div>
  );
}
