-- request_review: the work is done and waits for a person's review.
-- ARGV[A] task  ARGV[A+1] run  ARGV[A+2] summary
-- Errors: NOTFOUND, STALE.
local id, rid = ARGV[A], ARGV[A + 1]
local err = current(id, rid)
if err then return err end
end_run(id, rid, 'review_requested', {'summary', ARGV[A + 2]})
reset_failures(id)
redis.call('HSET', k_task(id), 'summary', ARGV[A + 2], 'block_kind', '', 'block_reason', '')
move(id, 'running', 'waiting_review')
emit(id, rid, 'review_requested', {summary = ARGV[A + 2]})
return ok()
