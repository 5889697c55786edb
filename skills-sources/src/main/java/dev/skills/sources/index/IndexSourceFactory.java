package dev.skills.sources.index;

import java.nio.file.Path;
import java.util.function.Function;

import dev.skills.sources.SkillSource;
import dev.skills.sources.SourcesSettings;

/**
 * Makes the source of one published index, for
 * {@link dev.skills.sources.SourceRefresher#create(java.util.List, SourcesSettings, java.util.function.Consumer)}.
 */
public final class IndexSourceFactory implements SkillSource.Factory {

	private final IndexSourceSettings settings;

	/**
	 * Create the factory of one index.
	 * @param settings the index
	 */
	public IndexSourceFactory(IndexSourceSettings settings) {
		this.settings = settings;
	}

	@Override
	public String readableName() {
		return this.settings.url().getHost() + "-index";
	}

	@Override
	public String identity() {
		return "index\n" + this.settings.url();
	}

	@Override
	public SkillSource create(SourcesSettings settings, Path store, Function<String, Path> revisionFolder) {
		return new IndexSkillSource(this.settings, settings, store, revisionFolder);
	}

}
