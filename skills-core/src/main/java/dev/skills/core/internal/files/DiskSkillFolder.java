package dev.skills.core.internal.files;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;

import dev.skills.core.folder.SkillFolder;
import dev.skills.core.internal.files.SkillFiles.SkillFile;
import org.jspecify.annotations.Nullable;

/**
 * A skill in a folder on disk. Its folder's path and name are worked out once: discovery
 * and every reload key entries by them. Every open runs as a {@link FileReads} read.
 */
public final class DiskSkillFolder implements SkillFolder {

	private final Path skillFile;

	private final boolean builtin;

	private final Path directory;

	private final String baseDirectory;

	private final FileReads reads;

	// The SKILL.md's file key as the walk read it, if it did: only the key, as every
	// skill keeps its folder.
	private final @Nullable Object listedKey;

	private DiskSkillFolder(Path directory, Path skillFile, boolean builtin, @Nullable Object listedKey,
			FileReads reads) {
		this.skillFile = skillFile;
		this.builtin = builtin;
		this.listedKey = listedKey;
		this.directory = directory;
		this.baseDirectory = directory.toString();
		this.reads = reads;
	}

	// Its first open checks against the attributes the walk or lookup read.
	public static DiskSkillFolder of(SkillFile found, boolean builtin, FileReads reads) {
		BasicFileAttributes listed = found.plainFile();
		return new DiskSkillFolder(found.directory(), found.path(), builtin, (listed != null) ? listed.fileKey() : null,
				reads);
	}

	public static DiskSkillFolder of(Path skillFile, boolean builtin, FileReads reads) {
		return new DiskSkillFolder(Objects.requireNonNullElse(skillFile.getParent(), Path.of(".")), skillFile, builtin,
				null, reads);
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
	public OpenSkillFile openSkill() throws IOException {
		return this.reads
			.read(new FileReads.Read<>(this.baseDirectory, this::open, GuardedFile.release(this.skillFile)));
	}

	// A link takes the guard of any bundled file: a SKILL.md linking outside is not read.
	private OpenSkillFile open() throws IOException {
		OpenSkillFile plain = GuardedFile.openPlain(this.skillFile, this.listedKey);
		if (plain != null) {
			return plain;
		}
		Fingerprint fingerprint = fingerprint();
		GuardedFile target = GuardedFile.resolve(this.directory, String.valueOf(this.skillFile.getFileName()));
		if (target.kind() != GuardedFile.Kind.FILE) {
			throw new FileSystemException(null, null,
					(target.kind() == GuardedFile.Kind.OUTSIDE) ? ResourcePaths.OUTSIDE : "it is not a regular file");
		}
		return new OpenSkillFile(target.open(), fingerprint);
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
	public Listing listFiles() {
		return SkillFiles.list(this.directory);
	}

	@Override
	public String read(String skill, String path, int maxBytes, Listing listing) {
		String relative = ResourcePaths.check(skill, path);
		try {
			GuardedFile target = GuardedFile.resolve(this.directory, relative);
			return switch (target.kind()) {
				case OUTSIDE -> throw ResourcePaths.rejected(skill, path, ResourcePaths.OUTSIDE);
				case HIDDEN -> throw ResourcePaths.rejected(skill, path, ResourcePaths.HIDDEN);
				case OTHER -> ResourcePaths.special(relative);
				case DIRECTORY -> ResourcePaths.listing(
						target.inside().toString().replace(target.inside().getFileSystem().getSeparator(), "/"),
						listing.files());
				case FILE -> this.reads.read(new FileReads.Read<>(this.baseDirectory,
						() -> ResourcePaths.file(relative, target.open(), target.size(), maxBytes), target.release()));
			};
		}
		catch (NoSuchFileException | InvalidPathException ex) {
			// A dangling link, a file deleted meanwhile, or a name this platform cannot
			// spell (under LC_ALL=C, say): there is no such file.
			throw ResourcePaths.notFound(skill, path, listing.files());
		}
		catch (IOException ex) {
			throw ResourcePaths.unreadable(skill, path, ex);
		}
	}

	@Override
	public boolean equals(@Nullable Object other) {
		return other instanceof DiskSkillFolder that && this.skillFile.equals(that.skillFile)
				&& this.builtin == that.builtin;
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.skillFile, this.builtin);
	}

}
