% Runs WIDER FACE's official MATLAB evaluation (eval_tools from the WIDER FACE site; not
% part of FaceBench) under Octave, unchanged, and writes each setting's AP and the raw
% precision/recall curve to OUT:
%   octave-cli --eval "run_wider_official('EVAL_TOOLS', 'GT_DIR', 'PRED_DIR', 'OUT')"
% with this folder on the path (its save.m lets evaluation.m's '-v7.3' save work in Octave).
function run_wider_official(eval_tools, gt_dir, pred_dir, out_file)
  here = fileparts(mfilename('fullpath'));
  addpath(eval_tools);
  addpath(here);  % first on the path: the save.m shim shadows the builtin
  work = tempname();
  mkdir(work);
  previous = cd(work);
  pred_list = read_pred(pred_dir, fullfile(gt_dir, 'wider_face_val.mat'));
  norm_pred_list = norm_score(pred_list);
  settings = {'easy_val'; 'medium_val'; 'hard_val'};
  fid = fopen(out_file, 'w');
  for i = 1:numel(settings)
    evaluation(norm_pred_list, fullfile(gt_dir, sprintf('wider_%s.mat', settings{i})), settings{i}, 'setting_int', 'facebench');
    saved = load(sprintf('./plot/baselines/Val/setting_int/facebench/wider_pr_info_facebench_%s.mat', settings{i}));
    ap = VOCap(saved.pr_cruve(:, 2), saved.pr_cruve(:, 1));
    fprintf(fid, 'ap %s %.17g\n', settings{i}, ap);
    fprintf(fid, 'curve %s', settings{i});
    fprintf(fid, ' %.17g', saved.pr_cruve(:));
    fprintf(fid, '\n');
  end
  fclose(fid);
  cd(previous);
  confirm_recursive_rmdir(false, 'local');
  rmdir(work, 's');
end
