-- get: read tasks. ARGV[A..] task ids. Returns one view per id; a missing
-- task gives an empty hash.
local out = {}
for i = A, #ARGV do out[#out + 1] = view(ARGV[i]) end
return out
