-- The system-neutral layer every rule system extends: the names of the
-- pipelines and the generic helpers the systems build on.
return {
  id = "base",
  name = { en = "Base layer", zh = "基础层" },
  files = { "base.lua", "table.lua" },
}
