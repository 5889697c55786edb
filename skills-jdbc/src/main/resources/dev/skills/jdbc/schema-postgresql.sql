-- Active skills per conversation (dev.skills:skills-jdbc). Copy into a Flyway or Liquibase
-- migration to manage the schema yourself; rename skills_active to use another table name.
CREATE TABLE IF NOT EXISTS skills_active (
	id BIGINT GENERATED ALWAYS AS IDENTITY,
	conversation_id VARCHAR(256) NOT NULL,
	skill_name VARCHAR(256) NOT NULL,
	activated_at TIMESTAMP WITH TIME ZONE NOT NULL,
	last_used_at TIMESTAMP WITH TIME ZONE NOT NULL,
	PRIMARY KEY (conversation_id, skill_name)
);

CREATE INDEX IF NOT EXISTS skills_active_last_used_at_idx ON skills_active (last_used_at);

CREATE INDEX IF NOT EXISTS skills_active_skill_name_idx ON skills_active (skill_name);

-- Vectors of the skills index, shared by every instance (JdbcEmbeddingCache).
CREATE TABLE IF NOT EXISTS skills_embeddings (
	cache_key VARCHAR(64) PRIMARY KEY,
	vector BYTEA NOT NULL
);
