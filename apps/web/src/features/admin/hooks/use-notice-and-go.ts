import { useNavigate } from 'react-router';
import { showNotice } from '#src/components/ui/notice.tsx';

/** After a save: a notice that says what was done, kept across the move to the page that follows. */
export function useNoticeAndGo(): (notice: string, to: string) => void {
  const navigate = useNavigate();
  return (notice, to) => {
    showNotice(notice);
    void navigate(to);
  };
}
