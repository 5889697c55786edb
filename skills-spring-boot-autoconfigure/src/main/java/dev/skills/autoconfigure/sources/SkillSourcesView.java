package dev.skills.autoconfigure.sources;

import java.util.List;

import dev.skills.autoconfigure.actuate.SkillsEndpointSources;
import dev.skills.sources.SkillSources;
import dev.skills.sources.SourceStatus;
import org.jspecify.annotations.Nullable;

/**
 * The sources as {@code /actuator/skills} shows them.
 */
final class SkillSourcesView implements SkillsEndpointSources {

	private final SkillSources sources;

	SkillSourcesView(SkillSources sources) {
		this.sources = sources;
	}

	@Override
	public List<Source> sources() {
		return this.sources.statuses().stream().map(SkillSourcesView::source).toList();
	}

	@Override
	public @Nullable String sourceOf(String skillLocation) {
		return this.sources.sourceOf(skillLocation).map(SourceStatus::name).orElse(null);
	}

	@Override
	public void fetch() {
		this.sources.refresh();
	}

	private static Source source(SourceStatus status) {
		return new Source(status.name(), status.type(), status.revision(), status.fetchedAt(), status.checkedAt(),
				status.lastError());
	}

}
