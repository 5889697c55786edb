package dev.skills.core.internal.resource;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * A skill in a folder on disk. Its folder's path and name are worked out once: discovery
 * and every reload key entries by them.
 */
final class FolderSkillSource implements SkillSource {

	private final Path skillFile;

	private final boolean builtin;

	private final Path directory;

	private final String baseDirectory;

	// The SKILL.md's file key as the walk that found it read it, or null: only the key,
	// as every skill keeps its source.
	private final @Nullable Object listedKey;

	/**
	 * Create a source.
	 * @param skillFile the {@code SKILL.md}
	 * @param builtin whether it ships inside this library
	 */
	FolderSkillSource(Path skillFile, boolean builtin) {
		this(Objects.requireNonNullElse(skillFile.getParent(), Path.of(".")), skillFile, builtin, null);
	}

	/**
	 * Create a source whose {@code SKILL.md} a walk found.
	 * @param directory the skill folder
	 * @param skillFile the {@code SKILL.md} in it
	 * @param builtin whether it ships inside this library
	 * @param listedKey the file's key as the walk read it, or {@code null}
	 */
	FolderSkillSource(Path directory, Path skillFile, boolean builtin, @Nullable Object listedKey) {
		this.skillFile = skillFile;
		this.builtin = builtin;
		this.listedKey = listedKey;
		this.directory = directory;
		this.baseDirectory = directory.toString();
	}

	@Override
	public String location() {
		return this.skillFile.toString();
	}

	@Override
	public String baseDirectory() {
		return this.baseDirectory;
	}

	@Override
	public String directoryName() {
		String name = String.valueOf(this.directory.getFileName());
		// Only a folder written as "." or ".." must be resolved to be named.
		return (!name.equals(".") && !name.equals("..")) ? name
				: String.valueOf(this.directory.toAbsolutePath().normalize().getFileName());
	}

	@Override
	public boolean builtin() {
		return this.builtin;
	}

	@Override
	public String origin() {
		return baseDirectory();
	}

	@Override
	public boolean isFolder() {
		return true;
	}

	@Override
	public OpenSkillFile openSkill() throws IOException {
		// Discovery reads every SKILL.md this way: a plain file opens at once, without
		// following links, and the checks of the open give its fingerprint. Anything
		// else takes the same guard as any bundled file: a SKILL.md that links outside
		// its folder is not read.
		OpenSkillFile plain = GuardedFiles.openPlain(this.skillFile, this.listedKey);
		if (plain != null) {
			return plain;
		}
		Fingerprint fingerprint = fingerprint();
		GuardedFiles.Target target = GuardedFiles.resolve(this.directory, String.valueOf(this.skillFile.getFileName()));
		if (target.kind() != GuardedFiles.Kind.FILE) {
			throw new FileSystemException(null, null,
					(target.kind() == GuardedFiles.Kind.OUTSIDE) ? ResourcePaths.OUTSIDE : "it is not a regular file");
		}
		return new OpenSkillFile(GuardedFiles.open(target), fingerprint);
	}

	@Override
	public Fingerprint fingerprint() {
		try {
			return Fingerprint.of(Files.readAttributes(this.skillFile, BasicFileAttributes.class));
		}
		catch (IOException ex) {
			return Fingerprint.MISSING;
		}
	}

	@Override
	public List<String> files() {
		return SkillFiles.list(this.directory);
	}

	@Override
	public String read(String skill, String path, int maxBytes) {
		String relative = ResourcePaths.check(skill, path);
		GuardedFiles.Target target;
		try {
			target = GuardedFiles.resolve(this.directory, relative);
		}
		catch (NoSuchFileException | InvalidPathException ex) {
			// A dangling link, a file deleted meanwhile, or a name this platform cannot
			// even
			// spell (under LC_ALL=C, say): either way there is no such file.
			throw ResourcePaths.notFound(skill, path, files());
		}
		catch (IOException ex) {
			throw ResourcePaths.unreadable(skill, path, ex);
		}
		return switch (target.kind()) {
			case OUTSIDE -> throw ResourcePaths.rejected(skill, path, ResourcePaths.OUTSIDE);
			case HIDDEN -> throw ResourcePaths.rejected(skill, path, ResourcePaths.HIDDEN);
			case OTHER -> ResourceText.special(relative);
			case DIRECTORY -> listing(target);
			case FILE -> readFile(skill, path, relative, target, maxBytes);
		};
	}

	@Override
	public boolean equals(@Nullable Object other) {
		return other instanceof FolderSkillSource that && this.skillFile.equals(that.skillFile)
				&& this.builtin == that.builtin;
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.skillFile, this.builtin);
	}

	@Override
	public String toString() {
		return "FolderSkillSource[" + this.skillFile + "]";
	}

	private String listing(GuardedFiles.Target target) {
		String inside = target.inside().toString().replace(target.inside().getFileSystem().getSeparator(), "/");
		String prefix = inside.isEmpty() ? "" : inside + "/";
		return ResourceText.listing(inside, files().stream().filter((file) -> file.startsWith(prefix)).toList());
	}

	private static String readFile(String skill, String path, String relative, GuardedFiles.Target target,
			int maxBytes) {
		try {
			byte[] head = GuardedFiles.readHead(target, Math.max(maxBytes, ResourceText.BINARY_SNIFF_BYTES) + 1);
			return ResourceText.file(relative, head, target.size(), maxBytes);
		}
		catch (IOException ex) {
			throw ResourcePaths.unreadable(skill, path, ex);
		}
	}

}
