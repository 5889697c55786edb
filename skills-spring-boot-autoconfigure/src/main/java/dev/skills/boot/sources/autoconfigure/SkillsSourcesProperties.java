package dev.skills.boot.sources.autoconfigure;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Configuration properties of skill sources ({@code skills.sources.*}).
 */
@ConfigurationProperties(SkillsSourcesProperties.PREFIX)
public class SkillsSourcesProperties {

	/** The prefix of every property. */
	public static final String PREFIX = "skills.sources";

	/**
	 * Folder under which each source keeps its fetched objects and checked-out revisions;
	 * by default 'skills-sources' in the temp folder.
	 */
	private @Nullable Path cacheDir;

	/**
	 * Longest one fetch, and one checkout, may take whole, however slowly a server
	 * answers; past it the fetch fails and the last good revision stays served.
	 */
	private Duration timeout = Duration.ofSeconds(30);

	/**
	 * Most files (and archive entries) one revision of a source may hold, and most
	 * requests its checkout may make; a larger revision is not served, and an index's
	 * entries past it are not fetched.
	 */
	private int maxFiles = 10_000;

	/**
	 * Most bytes one revision of a source may hold, all files together, and most bytes
	 * one fetch may bring (downloads that fail count too); a larger revision is not
	 * served.
	 */
	private DataSize maxSize = DataSize.ofMegabytes(100);

	/**
	 * Git repositories to read skills from, after the folders of 'skills.skills-dir'.
	 */
	private List<GitSourceProperties> git = new ArrayList<>();

	/**
	 * Published skill indexes (/.well-known/agent-skills/index.json) to read skills from,
	 * after the git repositories.
	 */
	private List<IndexSourceProperties> index = new ArrayList<>();

	/**
	 * MCP servers to read skills from (their skill:// resources), after the git
	 * repositories and indexes; needs dev.skills:skills-mcp and a Spring AI MCP client.
	 */
	private List<McpSourceProperties> mcp = new ArrayList<>();

	public @Nullable Path getCacheDir() {
		return this.cacheDir;
	}

	public void setCacheDir(@Nullable Path cacheDir) {
		this.cacheDir = cacheDir;
	}

	public Duration getTimeout() {
		return this.timeout;
	}

	public void setTimeout(Duration timeout) {
		this.timeout = timeout;
	}

	public int getMaxFiles() {
		return this.maxFiles;
	}

	public void setMaxFiles(int maxFiles) {
		this.maxFiles = maxFiles;
	}

	public DataSize getMaxSize() {
		return this.maxSize;
	}

	public void setMaxSize(DataSize maxSize) {
		this.maxSize = maxSize;
	}

	public List<GitSourceProperties> getGit() {
		return this.git;
	}

	public void setGit(List<GitSourceProperties> git) {
		this.git = git;
	}

	public List<IndexSourceProperties> getIndex() {
		return this.index;
	}

	public void setIndex(List<IndexSourceProperties> index) {
		this.index = index;
	}

	public List<McpSourceProperties> getMcp() {
		return this.mcp;
	}

	public void setMcp(List<McpSourceProperties> mcp) {
		this.mcp = mcp;
	}

}
